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
