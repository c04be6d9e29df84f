import type { Knex } from 'knex';
import { isResellerAuthor, RESELLER_AUTHOR_NAME } from '@tbo/kernel';
import { findBookingDetails } from '@tbo/read-models';
import { isOverdue, canDownloadTickets, type BookingView } from '../pure/booking-view.pure';

/** A booking as the screens get it: the view plus the names of who sold it and the flags the lists show. */
export interface BookingAnswer extends BookingView {
  agencyName: string;
  agentName: string;
  bookedBy: { id: string | null; name: string };
  isOverdue: boolean;
  canDownloadTickets: boolean;
}

export async function bookingAnswer(db: Knex, changed: BookingView, now = new Date()): Promise<BookingAnswer> {
  const view = await withBookedAt(db, changed);
  const agentId = view.agentId ?? view.staffAgentId;
  const [agency, agent, booker] = await Promise.all([
    view.agencyId ? db('agencies').select('name').where({ id: view.agencyId }).first<{ name: string } | undefined>() : undefined,
    agentId ? db('users').select('full_name as name').where({ id: agentId }).first<{ name: string } | undefined>() : undefined,
    view.bookedByUserId ? db('users').select('full_name as name').where({ email: view.bookedByUserId }).first<{ name: string } | undefined>() : undefined,
  ]);
  return {
    ...view,
    agencyName: agency?.name ?? '',
    agentName: agent?.name ?? '',
    bookedBy: { id: view.bookedByUserId, name: isResellerAuthor(view.bookedByUserId) ? RESELLER_AUTHOR_NAME : (booker?.name ?? '') },
    isOverdue: isOverdue(view, now),
    canDownloadTickets: canDownloadTickets(view),
  };
}

/**
 * A change's answer is the decider's fold, which knows no recorded times or authors (the store records them): when
 * and by whom the booking was made, which never change, are then its details row's, so the panel showing the answer
 * does not blank 'Booked' until it reads the booking again.
 */
async function withBookedAt(db: Knex, view: BookingView): Promise<BookingView> {
  if (view.bookedAt) return view;
  const booked = await findBookingDetails(db, view.id);
  return booked ? { ...view, bookedAt: booked.bookedAt, bookedByUserId: booked.bookedByUserId } : view;
}
