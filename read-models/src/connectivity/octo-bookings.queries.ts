import type { Knex } from 'knex';

export interface OctoBookingFilter {
  supplierId: number;
  agencyId: number;
  resellerReference?: string;
  bookingId?: number;
  /** Business dates, both inclusive. */
  localDateStart?: string;
  localDateEnd?: string;
  tourId?: number;
  offerId?: number;
}

/** The reseller's reservations matching the filter, oldest first, at most `limit`: their uuids. */
export async function findOctoBookingUuids(db: Knex, f: OctoBookingFilter, limit: number): Promise<string[]> {
  const q = db('octo_bookings').select('uuid').where({ supplier_id: f.supplierId, agency_id: f.agencyId });
  if (f.resellerReference !== undefined) q.where('reseller_reference', f.resellerReference);
  if (f.bookingId !== undefined) q.where('booking_id', f.bookingId);
  if (f.localDateStart !== undefined) q.where('local_date', '>=', f.localDateStart);
  if (f.localDateEnd !== undefined) q.where('local_date', '<=', f.localDateEnd);
  if (f.tourId !== undefined) q.where('tour_id', f.tourId);
  if (f.offerId !== undefined) q.where('offer_id', f.offerId);
  const rows: { uuid: string }[] = await q.orderBy([{ column: 'created_at' }, { column: 'uuid' }]).limit(limit);
  return rows.map((r) => r.uuid);
}

/** When the reservation's booking was confirmed by the supplier after it was pending, and cancelled or declined in the back office (null: not, or not yet in the table). */
export async function octoBookingTimes(db: Knex, key: { uuid: string; supplierId: number; agencyId: number }): Promise<{ confirmedAt: Date | null; cancelledAt: Date | null }> {
  const row = await db('octo_bookings')
    .select('booking_confirmed_at', 'booking_cancelled_at')
    .where({ uuid: key.uuid.toLowerCase(), supplier_id: key.supplierId, agency_id: key.agencyId })
    .first<{ booking_confirmed_at: Date | null; booking_cancelled_at: Date | null } | undefined>();
  return { confirmedAt: row?.booking_confirmed_at ?? null, cancelledAt: row?.booking_cancelled_at ?? null };
}
