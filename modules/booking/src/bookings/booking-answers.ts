import type { Knex } from 'knex';
import { isResellerAuthor, RESELLER_AUTHOR_NAME } from '@tbo/kernel';
import { isOverdue, canDownloadTickets, type BookingView } from '../pure/booking-view.pure';

/** A booking as the screens get it: the view plus the names of who sold it and the flags the lists show. */
export interface BookingAnswer extends BookingView {
  agencyName: string;
  agentName: string;
  bookedBy: { id: string | null; name: string };
  isOverdue: boolean;
  canDownloadTickets: boolean;
}

export async function bookingAnswer(db: Knex, view: BookingView, now = new Date()): Promise<BookingAnswer> {
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
