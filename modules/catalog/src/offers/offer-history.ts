import { isDeepStrictEqual } from 'node:util';
import type { RecordedEvent } from '@tbo/event-schemas';

export interface OfferHistoryEntry {
  position: string;
  at: string;
  by: string | null;
  event: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

/**
 * The offer's history from its stream (mirrors the tour's): each event against the offer as it
 * stood before it, one change per field that differs. Valid period fields are named
 * `validPeriods.<id>.<field>`, so a price change shows its before and after.
 */
export function offerHistory(recorded: readonly RecordedEvent[]): OfferHistoryEntry[] {
  const current: Record<string, unknown> = { isDeleted: false };
  return recorded.map((r) => {
    const data = r.data as Record<string, unknown>;
    let fields: Record<string, unknown>;
    if (r.type === 'ValidPeriodPriced') {
      const { id, offerId: _offerId, ...rest } = data;
      fields = Object.fromEntries(Object.entries(rest).map(([f, v]) => [`validPeriods.${String(id)}.${f}`, v]));
    } else if (r.type === 'OfferValidPeriodTermsSet') {
      fields = { [`validPeriods.${String(data.validPeriodId)}.minimumAdvancedPayment`]: data.minimumAdvancedPayment };
    } else {
      const { id: _id, supplierId: _supplierId, ...rest } = data;
      fields = rest;
      if (r.type === 'OfferDeleted') fields.isDeleted = true;
      if (r.type === 'OfferRestored') fields.isDeleted = false;
    }
    const changes = Object.entries(fields)
      .filter(([field, after]) => !isDeepStrictEqual(current[field] ?? null, after))
      .map(([field, after]) => ({ field, before: current[field] ?? null, after }));
    Object.assign(current, fields);
    return {
      position: r.position,
      at: r.metadata?.occurredAt ?? new Date(r.recordedAt).toISOString(),
      by: r.metadata?.userId ?? null,
      event: r.type,
      changes,
    };
  });
}
