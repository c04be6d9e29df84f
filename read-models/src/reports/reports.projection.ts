import type { BookingEvent, RecordedOf } from '@tbo/event-schemas';
import { instant, money, streamVersion, supplierItemKey } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { createdThenChanged } from '../runner/created-then-changed';
import * as booking from '../booking/booking-facts';

/**
 * The reports' facts: one row per booking with the figures its events carry (totals, commission, refunds in USD
 * and AED, never recomputed), the tour and ticket, the agency and agent, the tour date and slot, and when it was
 * booked and cancelled (Dubai dates). Every report is an aggregate of these rows (reports.queries.ts).
 *
 * The same code builds the live tables and an "as of" replay's own tables (report-replay.ts): what a report said
 * at a moment is this projection over the events recorded up to it. A later event updates a row only when its
 * revision is above the row's version, so a replayed event changes nothing.
 */

type Recorded = RecordedOf<BookingEvent>;
type Row = Record<string, unknown>;

const HANDLED = ['BookingCreated', 'BookingConfirmed', 'BookingDeclined', 'BookingCancelled', 'BookingRescheduled', 'BookingCompleted'] as const;
/** The report rows keep the bookings' own status numbers. */
export const REPORT_STATUS = booking.BOOKING_STATUS;

/** Rows per INSERT: 30-odd columns each stays far below Postgres's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;
const DUBAI_OFFSET_MS = 4 * 3600_000;

/** The business date (Dubai, UTC+4 without daylight saving) of an instant. */
export function dubaiDate(at: Date): string {
  return new Date(at.getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
}

function scheduleColumns(d: Parameters<typeof booking.departureColumns>[0]): Row {
  const t = d.totals;
  return {
    ...booking.departureColumns(d),
    total_usd: t.totalUsd,
    total_aed: t.totalAed,
    net_usd: t.netUsd,
    net_aed: t.netAed,
    gross_sales: t.grossSales,
    commission: t.agencyReceivable,
  };
}

export function reportRow(event: booking.BookingCreatedEvent): Row {
  return {
    ...booking.bookedColumns(event),
    booked_on: dubaiDate(event.recordedAt),
    ...scheduleColumns(event.data),
    status: event.data.status,
    version: event.revision,
  };
}

function changedColumns(event: Recorded): Row | undefined {
  switch (event.type) {
    case 'BookingConfirmed':
      return { status: REPORT_STATUS.normal };
    case 'BookingCompleted':
      return { status: REPORT_STATUS.completed };
    case 'BookingDeclined':
      return { status: REPORT_STATUS.cancelled, cancel_kind: 'declined', cancelled_on: dubaiDate(event.recordedAt) };
    case 'BookingCancelled': {
      const d = event.data;
      return {
        status: REPORT_STATUS.cancelled,
        cancel_kind: 'cancelled',
        cancelled_on: dubaiDate(event.recordedAt),
        refund_usd: d.refundUsd,
        refund_aed: d.refundAed,
        penalty_usd: d.penaltyUsd,
        penalty_aed: d.penaltyAed,
      };
    }
    case 'BookingRescheduled':
      return { ...scheduleColumns(event.data), status: event.data.status };
    default:
      return undefined;
  }
}

export const reportsProjection = defineProjection<BookingEvent>({
  name: 'reports',
  version: 1,
  // Read by people browsing the reports, never right after their own command.
  background: true,
  handles: [...HANDLED],
  tables: {
    report_bookings: (t) => {
      supplierItemKey(t);
      booking.bookedByColumns(t);
      t.text('channel').notNullable();
      instant(t, 'booked_at').notNullable();
      t.date('booked_on').notNullable();
      booking.tourAndOfferColumns(t);
      t.date('date').notNullable();
      booking.bookedSlotColumns(t);
      booking.guestCountColumns(t);
      for (const c of ['total_usd', 'total_aed', 'net_usd', 'net_aed', 'gross_sales', 'commission', 'refund_usd', 'refund_aed', 'penalty_usd', 'penalty_aed']) money(t, c);
      t.smallint('status').notNullable();
      t.text('cancel_kind');
      t.date('cancelled_on');
      streamVersion(t);
    },
  },
  async afterCreate(trx, table) {
    const r = table('report_bookings');
    // Every report is one supplier's window of tour dates or of booking dates.
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, date)', [`${r}_supplier_date`, r]);
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, booked_on)', [`${r}_supplier_booked`, r]);
  },
  ...createdThenChanged<Recorded, 'BookingCreated'>('report_bookings', {
    createdType: 'BookingCreated',
    chunk: INSERT_CHUNK,
    rowOf: reportRow,
    changedColumns,
  }),
});
