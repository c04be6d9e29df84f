import type { BookingTicketData } from '@tbo/event-schemas';
import type { CommandContext, CommandRunner, EventStore } from '@tbo/kernel';
import type { BookingView } from '../pure/booking-view.pure';
import { bookings } from './booking-stream';

/** A booking as its tickets need it, from its stream (the authority); null when there is none. */
export async function bookingForTickets(store: EventStore, id: number): Promise<BookingView | null> {
  return (await bookings.load(store, id)).view;
}

type Recorded = { recorded: boolean; position: string | null };
const outcome = (o: { events: unknown[]; position: string | null }): Recorded => ({ recorded: o.events.length > 0, position: o.position });

/** Records the codes a confirmed booking took; refused (ValidationError) when it is no longer confirmed. */
export async function recordTicketsAllocated(runner: CommandRunner, bookingId: number, tickets: BookingTicketData[], context: CommandContext): Promise<Recorded> {
  return outcome(await bookings.run(runner, bookingId, { type: 'RecordTicketsAllocated', tickets }, context));
}

export async function recordTicketsReturned(runner: CommandRunner, bookingId: number, reason: 'cancelled' | 'declined' | 'rescheduled', context: CommandContext): Promise<Recorded> {
  return outcome(await bookings.run(runner, bookingId, { type: 'RecordTicketsReturned', reason }, context));
}

/** Puts a confirmed booking back to pending: the stock could not give it its codes. */
export async function recordTicketsShort(runner: CommandRunner, bookingId: number, reason: string, context: CommandContext): Promise<Recorded> {
  return outcome(await bookings.run(runner, bookingId, { type: 'RecordTicketsShort', reason }, context));
}
