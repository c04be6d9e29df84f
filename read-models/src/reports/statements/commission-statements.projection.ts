import type { Knex } from 'knex';
import type { BookingEvent, CommissionStatementEvent, RecordedOf } from '@tbo/event-schemas';
import { defineProjection, type ProjectionContext } from '../../runner/projection';
import { commissionChange, dubaiMonth, type CommissionBooking, type CommissionFact } from './commission-changes';

/**
 * The commission statements' facts: one row per change of an agency's commission (a booking, a reschedule that
 * changed it, a cancellation or decline taking it back), with the statement it was put on (null until then), and
 * the issued statements as their events carry them (lines and total fixed at issue, never recomputed).
 */

type Event = RecordedOf<BookingEvent | CommissionStatementEvent>;
type Row = Record<string, unknown>;

const HANDLED = ['BookingCreated', 'BookingRescheduled', 'BookingCancelled', 'BookingDeclined', 'CommissionStatementIssued'] as const;
const CANCELLED = 4;

interface BookingRow {
  supplier_id: number;
  agency_id: number;
  commission: string;
  standing: boolean;
  tour_name: string;
  offer_name: string;
  date: string;
  guest_name: string;
}

function factOf(event: Event): CommissionFact | undefined {
  switch (event.type) {
    case 'BookingCreated':
      return { type: 'booked', commission: event.data.totals.agencyReceivable, standing: event.data.status !== CANCELLED };
    case 'BookingRescheduled':
      return { type: 'rescheduled', commission: event.data.totals.agencyReceivable };
    case 'BookingCancelled':
      return { type: 'cancelled' };
    case 'BookingDeclined':
      return { type: 'declined' };
    default:
      return undefined;
  }
}

async function applyBookingEvent({ trx, table }: ProjectionContext, event: Event, fact: CommissionFact): Promise<void> {
  const bookings = table('commission_bookings');
  const id = (event.data as { id: number }).id;
  let row: BookingRow | undefined;
  if (event.type === 'BookingCreated') {
    const d = event.data;
    // The supplier's own staff bookings earn no agency a commission.
    if (d.agencyId === null) return;
    row = { supplier_id: d.supplierId, agency_id: d.agencyId, commission: '0', standing: false, tour_name: d.tourName, offer_name: d.offerName, date: d.date, guest_name: d.guestName };
  } else {
    // The date as text: a Postgres date read as a JS Date would shift with the process's time zone.
    row = await trx(bookings)
      .select('supplier_id', 'agency_id', 'commission', 'standing', 'tour_name', 'offer_name', 'guest_name', trx.raw("to_char(date, 'YYYY-MM-DD') AS date"))
      .where({ booking_id: id }).andWhere('version', '<', event.revision).first<BookingRow | undefined>();
    if (!row) return;
  }
  const before: CommissionBooking | undefined = event.type === 'BookingCreated' ? undefined : { commission: Number(row.commission), standing: row.standing };
  const { after, kind, amount } = commissionChange(before, fact);
  const date = event.type === 'BookingRescheduled' ? event.data.date : row.date;
  const state: Row = { commission: after.commission, standing: after.standing, date, version: event.revision };
  if (event.type === 'BookingCreated') await trx(bookings).insert({ booking_id: id, ...row, ...state }).onConflict('booking_id').ignore();
  else await trx(bookings).where({ booking_id: id }).update(state);
  if (amount === 0) return;
  await trx(table('commission_changes'))
    .insert({
      booking_id: id,
      revision: event.revision,
      supplier_id: row.supplier_id,
      agency_id: row.agency_id,
      kind,
      at: event.recordedAt,
      month: dubaiMonth(event.recordedAt),
      tour_name: row.tour_name,
      offer_name: row.offer_name,
      date,
      guest_name: row.guest_name,
      amount,
      statement_month: null,
    })
    .onConflict(['booking_id', 'revision'])
    .ignore();
}

async function applyIssued({ trx, table }: ProjectionContext, event: Extract<Event, { type: 'CommissionStatementIssued' }>): Promise<void> {
  const d = event.data;
  const key = { supplier_id: d.supplierId, agency_id: d.agencyId, month: d.month };
  await trx(table('commission_statements'))
    .insert({ ...key, number: d.number, issued_at: event.recordedAt, issued_by: d.issuedBy, total: d.total, line_count: d.lines.length, lines: JSON.stringify(d.lines) })
    .onConflict(['supplier_id', 'agency_id', 'month'])
    .ignore();
  if (!d.lines.length) return;
  // The changes it holds are on it for good: a later statement takes only the ones still on none.
  const pairs = d.lines.map((l) => [l.bookingId, l.revision]);
  await trx(table('commission_changes'))
    .where({ supplier_id: d.supplierId, agency_id: d.agencyId })
    .whereIn(['booking_id', 'revision'], pairs)
    .update({ statement_month: d.month });
}

async function apply(ctx: ProjectionContext, event: Event): Promise<void> {
  if (event.type === 'CommissionStatementIssued') return applyIssued(ctx, event);
  const fact = factOf(event);
  if (fact) await applyBookingEvent(ctx, event, fact);
}

const money = (t: Knex.CreateTableBuilder, name: string) => t.decimal(name, 14, 2).notNullable().defaultTo(0);

export const commissionStatementsProjection = defineProjection<BookingEvent | CommissionStatementEvent>({
  name: 'commission_statements',
  version: 1,
  handles: [...HANDLED],
  tables: {
    commission_bookings: (t) => {
      t.integer('booking_id').primary();
      t.integer('supplier_id').notNullable();
      t.integer('agency_id').notNullable();
      money(t, 'commission');
      t.boolean('standing').notNullable();
      t.text('tour_name').notNullable();
      t.text('offer_name').notNullable();
      t.date('date').notNullable();
      t.text('guest_name').notNullable();
      t.integer('version').notNullable();
    },
    commission_changes: (t) => {
      t.integer('booking_id').notNullable();
      t.integer('revision').notNullable();
      t.primary(['booking_id', 'revision']);
      t.integer('supplier_id').notNullable();
      t.integer('agency_id').notNullable();
      t.text('kind').notNullable();
      t.specificType('at', 'timestamptz(3)').notNullable();
      t.text('month').notNullable();
      t.text('tour_name').notNullable();
      t.text('offer_name').notNullable();
      t.date('date').notNullable();
      t.text('guest_name').notNullable();
      money(t, 'amount');
      t.text('statement_month');
    },
    commission_statements: (t) => {
      t.integer('supplier_id').notNullable();
      t.integer('agency_id').notNullable();
      t.text('month').notNullable();
      t.primary(['supplier_id', 'agency_id', 'month']);
      t.integer('number').notNullable();
      t.specificType('issued_at', 'timestamptz(3)').notNullable();
      t.text('issued_by').notNullable();
      money(t, 'total');
      t.integer('line_count').notNullable();
      t.jsonb('lines').notNullable();
    },
  },
  async afterCreate(trx, table) {
    const c = table('commission_changes');
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, agency_id, statement_month, month)', [`${c}_statement`, c]);
    const s = table('commission_statements');
    await trx.raw('CREATE INDEX ?? ON ?? (agency_id, month)', [`${s}_agency`, s]);
  },
  apply,
});
