import type { BookingEvent, BookingTicketData } from '@tbo/event-schemas';
import { ValidationError } from '@tbo/kernel';
import { BOOKING_STATUS } from '../pure/booking-status.pure';
import type { BookingView } from '../pure/booking-view.pure';

/** The worker's records of a booking's attraction tickets (the codes themselves are decided on the stock streams). */
export type BookingTicketCommand =
  | { type: 'RecordTicketsAllocated'; tickets: BookingTicketData[] }
  | { type: 'RecordTicketsReturned'; reason: 'cancelled' | 'declined' | 'rescheduled' }
  | { type: 'RecordTicketsShort'; reason: string };

export const BOOKING_TICKET_COMMANDS: readonly BookingTicketCommand['type'][] = ['RecordTicketsAllocated', 'RecordTicketsReturned', 'RecordTicketsShort'];

export const TICKET_MESSAGES = {
  notConfirmed: 'The booking is no longer confirmed: its ticket codes go back to the stock',
} as const;

const confirmed = (v: BookingView) => v.status === BOOKING_STATUS.normal || v.status === BOOKING_STATUS.completed;

/**
 * Codes are recorded only on a confirmed booking (one cancelled meanwhile refuses them, and the worker gives
 * them back); a repeat records nothing. A shortage puts a confirmed booking back to pending with its reason.
 */
export function decideTickets(cmd: BookingTicketCommand, view: BookingView, key: { id: number; supplierId: number }): BookingEvent[] {
  const held = view.tickets ?? [];
  switch (cmd.type) {
    case 'RecordTicketsAllocated':
      if (held.length > 0) return [];
      if (!confirmed(view)) throw new ValidationError(TICKET_MESSAGES.notConfirmed);
      return [{ type: 'BookingTicketsAllocated', data: { ...key, tickets: cmd.tickets } }];
    case 'RecordTicketsReturned':
      return held.length ? [{ type: 'BookingTicketsReturned', data: { ...key, tickets: held, reason: cmd.reason } }] : [];
    case 'RecordTicketsShort':
      // A repeated job finds the booking pending already. The reason is no test of a repeat: a booking confirmed
      // again while the stock is still short has the same reason and must go back to pending again.
      if (held.length > 0 || view.status !== BOOKING_STATUS.normal) return [];
      return [{ type: 'BookingTicketsShort', data: { ...key, reason: cmd.reason.slice(0, 1000) } }];
  }
}
