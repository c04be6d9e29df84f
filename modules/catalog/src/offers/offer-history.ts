import type { RecordedEvent } from '@tbo/event-schemas';
import { streamHistory, type HistoryEntry } from '../history/stream-history';

export type OfferHistoryEntry = HistoryEntry;

/**
 * The offer's history. Valid period fields are named `validPeriods.<id>.<field>`, so a price
 * change shows its before and after.
 */
export function offerHistory(recorded: readonly RecordedEvent[]): OfferHistoryEntry[] {
  return streamHistory(recorded, (r) => {
    const data = r.data as Record<string, unknown>;
    if (r.type === 'ValidPeriodPriced') {
      const { id, offerId: _offerId, ...rest } = data;
      return Object.fromEntries(Object.entries(rest).map(([f, v]) => [`validPeriods.${String(id)}.${f}`, v]));
    }
    if (r.type === 'OfferValidPeriodTermsSet') {
      return { [`validPeriods.${String(data.validPeriodId)}.minimumAdvancedPayment`]: data.minimumAdvancedPayment };
    }
    const { id: _id, supplierId: _supplierId, ...fields } = data;
    if (r.type === 'OfferDeleted') fields.isDeleted = true;
    if (r.type === 'OfferRestored') fields.isDeleted = false;
    return fields;
  });
}
