import type { Knex } from 'knex';
import { agentListScoped, type AgentListScope } from './agent-bookings.queries';
import { contains, DATE_SQL, statusText } from './booking-lists.shared';

/** The header search over the bookings a caller may see. */

export type BookingSearchScope = { kind: 'supplier'; supplierId: number } | AgentListScope;

export interface BookingSearchHit {
  id: number;
  date: string;
  guestName: string;
  voucher: string;
  tourName: string;
  status: number;
  statusText: string;
}

export const BOOKING_SEARCH_LIMIT = 10;

/**
 * Bookings the caller may see whose id is the text, or whose voucher or guest name holds it: the id first, then
 * the newest dates. The trigram indexes on lower(guest_name) and lower(voucher) serve the contains match.
 */
export async function searchBookings(db: Knex, scope: BookingSearchScope, text: string): Promise<BookingSearchHit[]> {
  const q = db('bookings as b');
  if (scope.kind === 'supplier') q.where('b.supplier_id', scope.supplierId);
  else agentListScoped(db, q, scope);
  const pattern = contains(text);
  // The id as typed, or as the manifest and the voucher print it ('BK-239') or the lists show it ('#239'), or the
  // number of one of its documents ('VCH-239-2', 'INV-239-0': the booking, then its version).
  const reference = /^(?:(?:bk-?|#)?(\d{1,9})|(?:vch|inv)-(\d{1,9})-\d{1,9})$/i.exec(text.trim());
  const id = reference ? Number(reference[1] ?? reference[2]) : null;
  q.andWhere((w) => {
    w.whereRaw('lower(b.guest_name) like ?', [pattern]).orWhereRaw('lower(b.voucher) like ?', [pattern]);
    if (id !== null) w.orWhere('b.id', id);
  });
  const rows: Omit<BookingSearchHit, 'statusText'>[] = await q
    .select('b.id', db.raw(`${DATE_SQL('b')} as date`), 'b.guest_name as guestName', 'b.voucher', 'b.tour_name as tourName', 'b.status')
    .orderByRaw('(b.id = ?) desc, b.date desc, b.id desc', [id ?? -1])
    .limit(BOOKING_SEARCH_LIMIT);
  return rows.map((r) => ({ ...r, statusText: statusText(r.status) }));
}
