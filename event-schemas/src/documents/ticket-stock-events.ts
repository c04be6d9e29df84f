import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';
import { businessDate } from '../scheduling/departure-events';

/**
 * A supplier's stock of attraction ticket codes of one ticket type (stream `ticketstock-<supplierId>-<ticketTypeId>`).
 * Every code on the stream is unique, and a code is held by at most one booking: both are decided on this
 * stream with its expected revision, never on the read table.
 */
const id = z.number().int().positive().max(PG_INT_MAX);
/** Codes are printed as QR or Code 128 bar codes: printable ASCII without spaces. */
export const ticketCode = z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/, 'must be letters, digits or signs without spaces');
export const TicketStockCode = z.object({ code: ticketCode, expiresOn: businessDate });
const codes = z.array(ticketCode).min(1).max(30_000);
const key = { supplierId: id, ticketTypeId: id };

export const TicketCodesLoaded = z.object({ ...key, codes: z.array(TicketStockCode).min(1).max(10_000) });
export const TicketCodesFreezed = z.object({ ...key, codes });
export const TicketCodesUnfreezed = z.object({ ...key, codes });
/** The codes a booking holds for its guests of this type, chosen earliest expiry first among those valid on its date. */
export const TicketCodesAllocated = z.object({ ...key, bookingId: id, date: businessDate, codes });
export const TicketCodesReturned = z.object({ ...key, bookingId: id, codes });

export const ticketStockEventTypes = { TicketCodesLoaded, TicketCodesFreezed, TicketCodesUnfreezed, TicketCodesAllocated, TicketCodesReturned };
export type TicketStockEvent = EventUnion<typeof ticketStockEventTypes>;
export type TicketStockCodeData = z.infer<typeof TicketStockCode>;

const example = { supplierId: 1, ticketTypeId: 2 };
export const ticketStockEventSchemas: EventSchemaDefinition[] = [
  { type: 'TicketCodesLoaded', version: 1, schema: TicketCodesLoaded, example: { ...example, codes: [{ code: 'BK-7731-0001', expiresOn: '2026-12-31' }] } },
  { type: 'TicketCodesFreezed', version: 1, schema: TicketCodesFreezed, example: { ...example, codes: ['BK-7731-0001'] } },
  { type: 'TicketCodesUnfreezed', version: 1, schema: TicketCodesUnfreezed, example: { ...example, codes: ['BK-7731-0001'] } },
  { type: 'TicketCodesAllocated', version: 1, schema: TicketCodesAllocated, example: { ...example, bookingId: 1001, date: '2026-12-01', codes: ['BK-7731-0001'] } },
  { type: 'TicketCodesReturned', version: 1, schema: TicketCodesReturned, example: { ...example, bookingId: 1001, codes: ['BK-7731-0001'] } },
];
