import type { Knex } from 'knex';
import { DEPARTURE_HOLDS_TABLE } from './departure-holds.projection';

/** A hold not yet released, as the hold-expiry sweep needs it. */
export interface ListedHold {
  claimId: string;
  bookingId: number;
  departure: { supplierId: number; groupId: number; timeSlotId: number | null; date: string };
  seats: number;
  expiresAt: string;
}

/** The row claimColumns reads. */
export interface ClaimColumnsRow {
  claimId: string;
  bookingId: number;
  supplierId: number;
  groupId: number;
  timeSlotId: number | null;
  date: string;
}

/** A seat claim's columns (its claim, booking and departure), as a sweep settles it: the holds' and the unsettled claims' tables. */
export const claimColumns = (db: Knex) => ['claim_id as claimId', 'booking_id as bookingId', 'supplier_id as supplierId', 'group_id as groupId', 'time_slot_id as timeSlotId', db.raw(`to_char(date, 'YYYY-MM-DD') as date`)];

/** Those columns as the settling step takes a claim: its departure as one key. */
export const claimOf = (r: ClaimColumnsRow) => ({ claimId: r.claimId, bookingId: r.bookingId, departure: { supplierId: r.supplierId, groupId: r.groupId, timeSlotId: r.timeSlotId, date: r.date } });

/** Holds whose expiry is at or before `at`, the longest expired first, at most `limit`. */
export async function expiredHolds(db: Knex, at: Date, limit: number): Promise<ListedHold[]> {
  const rows = await db(DEPARTURE_HOLDS_TABLE)
    .select(...claimColumns(db), 'seats', 'expires_at as expiresAt')
    .where('expires_at', '<=', at)
    .orderBy('expires_at')
    .limit(limit);
  return (rows as (ClaimColumnsRow & { seats: number; expiresAt: Date })[]).map((r) => ({ ...claimOf(r), seats: r.seats, expiresAt: r.expiresAt.toISOString() }));
}
