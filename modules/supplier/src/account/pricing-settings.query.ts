import { recordedAs, type SupplierAccountEvent } from '@tbo/event-schemas';
import type { EventStore } from '@tbo/kernel';
import { vatTaxOf } from '@tbo/catalog/src/pricing/price-model.pure';
import { accountSettingsDecider, accountSettingsStream, DEFAULT_ACCOUNT_SETTINGS, taxFactor } from './account-settings';

/** What pricing a valid period needs from the supplier's account settings. */
export interface SupplierPricingSettings {
  vat: number;
  vatK: number;
  convRate: number;
  convType: 'multiply' | 'divide';
  defaultCommission: number;
}

/**
 * The supplier's pricing settings in force now, folded from its account stream (defaults until it saves its
 * own). Read from the stream, not the read table: a price is money, and is decided on what was last saved.
 * Other modules ask this query; the decider and the stream name stay inside the supplier module.
 */
export async function pricingSettingsOf(store: EventStore, supplierId: number): Promise<SupplierPricingSettings> {
  const events = recordedAs<SupplierAccountEvent>(await store.readStream(accountSettingsStream(supplierId)));
  const settings = events.reduce(accountSettingsDecider.evolve, accountSettingsDecider.initialState).settings ?? DEFAULT_ACCOUNT_SETTINGS;
  // The tax named 'VAT', else the first: the rule the browser's period editor shares (price-model.pure.ts).
  const tax = vatTaxOf(settings.taxes);
  const vat = tax?.amount ?? 0;
  return {
    vat,
    vatK: taxFactor(vat),
    convRate: settings.currencyConversionSettings.convRate,
    convType: settings.currencyConversionSettings.convType,
    defaultCommission: settings.defaultCommission,
  };
}
