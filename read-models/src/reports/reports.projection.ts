import type { Knex } from 'knex';
import type { BookingEvent, RecordedOf } from '@tbo/event-schemas';
import { defineProjection, type ProjectionContext } from '../runner/projection';
import { applyCreatedThenChanged, insertIgnoringReplays } from '../runner/created-then-changed';

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
type Created = RecordedOf<Extract<BookingEvent, { type: 'BookingCreated' }>>;

const HANDLED = ['BookingCreated', 'BookingConfirmed', 'BookingDeclined', 'BookingCancelled', 'BookingRescheduled', 'BookingCompleted'] as const;
export const REPORT_STATUS = { normal: 0, pending: 1, cancelled: 4, completed: 5 } as const;

/** Rows per INSERT: 30-odd columns each stays far below Postgres's 65,535 bind parameters. */
const INSERT_CHUNK = 1000;
const DUBAI_OFFSET_MS = 4 * 3600_000;

/** The business date (Dubai, UTC+4 without daylight saving) of an instant. */
export function dubaiDate(at: Date): string {
  return new Date(at.getTime() + DUBAI_OFFSET_MS).toISOString().slice(0, 10);
}

function scheduleColumns(d: Created['data'] | Extract<Recorded, { type: 'BookingRescheduled' }>['data']): Row {
  const t = d.totals;
  return {
    date: d.date,
    time_slot_id: d.timeSlotId,
    time_slot_name: d.timeSlotName,
    start_time: d.startTime,
    ad: d.adults,
    ch: d.children,
    inf: d.infants,
    foc: d.foc,
    total_usd: t.totalUsd,
    total_aed: t.totalAed,
    net_usd: t.netUsd,
    net_aed: t.netAed,
    gross_sales: t.grossSales,
    commission: t.agencyReceivable,
  };
}

export function reportRow(event: Created): Row {
  const d = event.data;
  return {
    id: d.id,
    supplier_id: d.supplierId,
    agency_id: d.agencyId,
    agent_id: d.agentId,
    staff_agent_id: d.staffAgentId,
    channel: d.channel,
    booked_at: event.recordedAt,
    booked_on: dubaiDate(event.recordedAt),
    tour_id: d.tourId,
    tour_name: d.tourName,
    offer_id: d.offerId,
    offer_name: d.offerName,
    ...scheduleColumns(d),
    status: d.status,
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

async function applyAll({ trx, table }: ProjectionContext, events: Recorded[]): Promise<void> {
  const rows = table('report_bookings');
  await applyCreatedThenChanged(events, {
    createdType: 'BookingCreated',
    rowOf: (event) => reportRow(event as Created),
    insert: (created) => insertIgnoringReplays(trx, rows, created, INSERT_CHUNK),
    async change(event) {
      const columns = changedColumns(event);
      if (!columns) return;
      await trx(rows)
        .where({ id: event.data.id })
        .andWhere('version', '<', event.revision)
        .update({ ...columns, version: event.revision });
    },
  });
}

const money = (t: Knex.CreateTableBuilder, name: string) => t.decimal(name, 14, 2).notNullable().defaultTo(0);

export const reportsProjection = defineProjection<BookingEvent>({
  name: 'reports',
  version: 1,
  handles: [...HANDLED],
  tables: {
    report_bookings: (t) => {
      t.integer('id').primary();
      t.integer('supplier_id').notNullable();
      t.integer('agency_id');
      t.integer('agent_id');
      t.integer('staff_agent_id');
      t.text('channel').notNullable();
      t.specificType('booked_at', 'timestamptz(3)').notNullable();
      t.date('booked_on').notNullable();
      t.integer('tour_id').notNullable();
      t.text('tour_name').notNullable();
      t.integer('offer_id').notNullable();
      t.text('offer_name').notNullable();
      t.date('date').notNullable();
      t.integer('time_slot_id');
      t.text('time_slot_name');
      t.integer('start_time');
      t.integer('ad').notNullable();
      t.integer('ch').notNullable();
      t.integer('inf').notNullable();
      t.integer('foc').notNullable();
      for (const c of ['total_usd', 'total_aed', 'net_usd', 'net_aed', 'gross_sales', 'commission', 'refund_usd', 'refund_aed', 'penalty_usd', 'penalty_aed']) money(t, c);
      t.smallint('status').notNullable();
      t.text('cancel_kind');
      t.date('cancelled_on');
      t.integer('version').notNullable();
    },
  },
  async afterCreate(trx, table) {
    const r = table('report_bookings');
    // Every report is one supplier's window of tour dates or of booking dates.
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, date)', [`${r}_supplier_date`, r]);
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, booked_on)', [`${r}_supplier_booked`, r]);
  },
  apply(ctx, event) {
    return applyAll(ctx, [event]);
  },
  applyBatch(ctx, events) {
    return applyAll(ctx, events);
  },
});
