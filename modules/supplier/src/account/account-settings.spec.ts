import { given } from '@tbo/kernel/src/decider/decider.testing';
import { accountSettingsDecider, DEFAULT_ACCOUNT_SETTINGS, taxFactor } from './account-settings';

describe('account settings decider', () => {
  const defaults = { supplierId: 3, ...DEFAULT_ACCOUNT_SETTINGS };

  it('states the settings with each tax factor derived from its amount', () => {
    given(accountSettingsDecider)
      .when({ supplierId: 3, settings: { ...DEFAULT_ACCOUNT_SETTINGS, taxes: [{ name: 'VAT', amount: 5, amountK: 9 }] } })
      .then([{ type: 'SupplierAccountSettingsChanged', data: defaults }]);
  });

  it('answers nothing when nothing changed, and the change when something did', () => {
    const past = [{ type: 'SupplierAccountSettingsChanged' as const, data: defaults }];
    given(accountSettingsDecider, past).when({ supplierId: 3, settings: DEFAULT_ACCOUNT_SETTINGS }).then([]);
    given(accountSettingsDecider, past)
      .when({ supplierId: 3, settings: { ...DEFAULT_ACCOUNT_SETTINGS, defaultCommission: 15 } })
      .then([{ type: 'SupplierAccountSettingsChanged', data: { ...defaults, defaultCommission: 15 } }]);
  });

  it('tax factors have 4 decimals', () => {
    expect(taxFactor(5)).toBe(1.05);
    expect(taxFactor(12.345)).toBe(1.1235);
    expect(taxFactor(0)).toBe(1);
  });
});
