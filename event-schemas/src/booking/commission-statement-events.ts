import { z } from 'zod';
import { PG_INT_MAX, storedInstant } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';
import { businessDate } from '../scheduling/departure-events';

/**
 * A supplier's commission statements to one agency (stream `commissionstatements-s<supplierId>a<agencyId>`).
 * Issued once per month and in month order (decided with the stream's expected revision). The statement is
 * fixed from then on: its lines travel in the event, so reading it later never recomputes it, and a change
 * recorded after it (a cancellation of a booking on it) goes on a later statement as a line of its own.
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const money = z.number().min(-1_000_000_000).max(1_000_000_000);
export const statementMonth = z.string().regex(/^(20\d\d|2100)-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM');

/** The booking events that change an agency's commission, as a statement names them. */
export const COMMISSION_CHANGE_KINDS = ['booked', 'rescheduled', 'cancelled', 'declined'] as const;

/** One change of the agency's commission: the booking, what happened when, and the commission it added (USD, negative when lost). */
export const CommissionStatementLine = z.object({
  bookingId: id,
  /** The booking stream's revision of the change: with the booking id, the change's identity. */
  revision: z.number().int().min(0).max(PG_INT_MAX),
  kind: z.enum(COMMISSION_CHANGE_KINDS),
  at: storedInstant(),
  tourName: z.string().max(200),
  offerName: z.string().max(200),
  date: businessDate,
  guestName: z.string().max(200),
  amount: money,
});

/** A statement holds at most this many lines (an agency's month of changes stays far below it). */
export const STATEMENT_MAX_LINES = 5000;

export const CommissionStatementIssued = z.object({
  supplierId: id,
  agencyId: id,
  month: statementMonth,
  /** 1 for the agency's first statement from this supplier, then one more each time. */
  number: z.number().int().positive().max(PG_INT_MAX),
  lines: z.array(CommissionStatementLine).max(STATEMENT_MAX_LINES),
  total: money,
  issuedBy: z.string().max(200),
});

export const commissionStatementEventTypes = { CommissionStatementIssued };
export type CommissionStatementEvent = EventUnion<typeof commissionStatementEventTypes>;
export type CommissionStatementLineData = z.infer<typeof CommissionStatementLine>;
export type CommissionStatementIssuedData = z.infer<typeof CommissionStatementIssued>;
export type CommissionChangeKind = (typeof COMMISSION_CHANGE_KINDS)[number];

export const commissionStatementEventSchemas: EventSchemaDefinition[] = [
  {
    type: 'CommissionStatementIssued',
    version: 1,
    schema: CommissionStatementIssued,
    example: {
      supplierId: 1, agencyId: 1, month: '2026-11', number: 3, total: 40,
      lines: [
        { bookingId: 1001, revision: 0, kind: 'booked', at: '2026-11-03T08:00:00.000Z', tourName: 'Desert Safari', offerName: 'Standard', date: '2026-12-01', guestName: 'Anna Smirnova', amount: 50 },
        { bookingId: 998, revision: 2, kind: 'cancelled', at: '2026-11-04T10:30:00.000Z', tourName: 'Dhow Cruise', offerName: 'Dinner', date: '2026-11-20', guestName: 'Ivan Petrov', amount: -10 },
      ],
      issuedBy: 'Accounts Demo',
    },
  },
];
