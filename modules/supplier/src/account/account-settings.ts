import { isDeepStrictEqual } from 'node:util';
import type { SupplierAccountEvent, SupplierAccountSettingsData } from '@tbo/event-schemas';
import type { Decider } from '@tbo/kernel';

export type AccountSettings = Omit<SupplierAccountSettingsData, 'supplierId'>;

/** Spec 01 §9: VAT 5 % (factor 1.05), commission 20 %, AED and USD at 3.65 — until a supplier saves its own. */
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  taxes: [{ name: 'VAT', amount: 5, amountK: 1.05 }],
  defaultCommission: 20,
  currencyConversionSettings: { baseCurrency: 'AED', secondaryCurrency: 'USD', convRate: 3.65, convType: 'multiply' },
};

/** The multiplier a tax adds: 5 % → 1.05 (4 decimals, like prices). */
export const taxFactor = (amount: number) => Math.round((1 + amount / 100) * 10_000) / 10_000;

export interface AccountSettingsState {
  settings: AccountSettings | null;
}

export interface SaveAccountSettings {
  supplierId: number;
  settings: AccountSettings;
}

/**
 * A supplier's taxes, default commission and currency conversion. Prices already saved keep the
 * values they were saved with: valid periods carry vat, vatK, convRate, convType and
 * defaultCommission of their own (spec 01 §3), so a change here only affects new prices.
 */
export const accountSettingsDecider: Decider<SaveAccountSettings, SupplierAccountEvent, AccountSettingsState> = {
  initialState: { settings: null },
  evolve: (_state, event) => {
    const { supplierId: _id, ...settings } = event.data;
    return { settings };
  },
  decide({ supplierId, settings }, state) {
    const normalized: AccountSettings = { ...settings, taxes: settings.taxes.map((t) => ({ name: t.name, amount: t.amount, amountK: taxFactor(t.amount) })) };
    // Key order does not count: stored events come back from jsonb with their keys reordered.
    if (state.settings && isDeepStrictEqual(state.settings, normalized)) return [];
    return [{ type: 'SupplierAccountSettingsChanged', data: { supplierId, ...normalized } }];
  },
};

export const accountSettingsStream = (supplierId: number) => `supplieraccount-${supplierId}`;
