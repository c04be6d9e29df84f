import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventSchemaDefinition } from '../registry';
import { businessDate } from '../scheduling/departure-events';
import { ticketCode } from '../documents/ticket-stock-events';

/**
 * A booking's attraction tickets, on its own stream: the codes it took from the ticket stock streams when it
 * was confirmed (one per adult, child and infant), their return when it was cancelled or declined (or
 * rescheduled to a date or counts they no longer fit), and a confirmed booking put back to pending because the
 * stock was short (with the reason operations read).
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const key = { id, supplierId: id };

export const BookingTicket = z.object({
  ticketTypeId: id,
  ticketTypeName: z.string().max(200),
  /** Adult 0, Child 1, Infant 2 (spec 01). */
  category: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  code: ticketCode,
  expiresOn: businessDate,
});
const tickets = z.array(BookingTicket).min(1).max(30_000);

export const BookingTicketsAllocated = z.object({ ...key, tickets });
export const BookingTicketsReturned = z.object({ ...key, tickets, reason: z.enum(['cancelled', 'declined', 'rescheduled']) });
export const BookingTicketsShort = z.object({ ...key, reason: z.string().min(1).max(1000) });

export const bookingTicketEventTypes = { BookingTicketsAllocated, BookingTicketsReturned, BookingTicketsShort };
export type BookingTicketData = z.infer<typeof BookingTicket>;

const ticket = { ticketTypeId: 2, ticketTypeName: 'Dubai Frame', category: 0 as const, code: 'BK-7731-0001', expiresOn: '2026-12-31' };
export const bookingTicketEventSchemas: EventSchemaDefinition[] = [
  { type: 'BookingTicketsAllocated', version: 1, schema: BookingTicketsAllocated, example: { id: 1001, supplierId: 1, tickets: [ticket] } },
  { type: 'BookingTicketsReturned', version: 1, schema: BookingTicketsReturned, example: { id: 1001, supplierId: 1, tickets: [ticket], reason: 'cancelled' } },
  { type: 'BookingTicketsShort', version: 1, schema: BookingTicketsShort, example: { id: 1001, supplierId: 1, reason: 'Not enough tickets "Dubai Frame" for 01.12.2026: 3 needed, 1 available' } },
];
