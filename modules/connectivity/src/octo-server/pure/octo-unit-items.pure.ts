import { createHash } from 'node:crypto';
import type { OctoUnitItemData } from '@tbo/event-schemas';
import { OCTO_UNIT_IDS, type UnitCounts } from './octo-units.pure';

/**
 * A booking's unit items after the back office changed its counts (BookingRescheduled). The reseller named its
 * items when it reserved; operations change only counts, so which of them a change meant is unknown. The choice:
 * of each unit (adult, child, infant) the first items the reseller sent stay as they were (uuid and reference),
 * the last ones go when there are fewer, and an added one gets an id derived from the reservation's uuid, the unit
 * and its place (a name-based uuid, version 5 layout), so every read answers the same id for it; it has no
 * reseller reference. Free of charge places (foc) are the supplier's and no OCTO unit: they are not listed. Pure.
 */
export function unitItemsFor(reservationUuid: string, items: readonly OctoUnitItemData[], counts: UnitCounts): OctoUnitItemData[] {
  const wanted = { adult: counts.adults, child: counts.children, infant: counts.infants };
  const kept = new Map(OCTO_UNIT_IDS.map((u) => [u, 0]));
  const out: OctoUnitItemData[] = [];
  for (const item of items) {
    const n = kept.get(item.unitId)!;
    if (n < wanted[item.unitId]) {
      out.push(item);
      kept.set(item.unitId, n + 1);
    }
  }
  for (const unitId of OCTO_UNIT_IDS) {
    for (let n = kept.get(unitId)!; n < wanted[unitId]; n++) out.push({ uuid: addedItemUuid(reservationUuid, unitId, n), unitId, resellerReference: null });
  }
  return out;
}

/** The same reservation, unit and place always give the same uuid (SHA-1 of them, with version 5 and variant bits). */
export function addedItemUuid(reservationUuid: string, unitId: string, place: number): string {
  const h = createHash('sha1').update(`${reservationUuid.toLowerCase()}:${unitId}:${place}`).digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
