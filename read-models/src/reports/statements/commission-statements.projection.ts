import type { Knex } from 'knex';
import type { BookingEvent, CommissionStatementEvent, RecordedOf } from '@tbo/event-schemas';
import { instant, money, streamVersion, supplierAndAgency } from '../../runner/columns';
import { defineProjection, type ProjectionContext } from '../../runner/projection';
import { insertIgnoringReplays, insertOnce, whereNewer } from '../../runner/rows';
import { applyInRuns } from '../../runner/runs';
import { commissionChange, dubaiMonth, type CommissionFact } from './commission-changes';

/**
 * The commission statements' facts: one row per change of an agency's commission (a booking, a reschedule that
 * changed it, a cancellation or decline taking it back), with the statement it was put on (null until then), and
 * the issued statements as their events carry them (lines and total fixed at issue, never recomputed).
 */

type Event = RecordedOf<BookingEvent | CommissionStatementEvent>;
type Row = Record<string, unknown>;

const HANDLED = ['BookingCreated', 'BookingRescheduled', 'BookingCancelled', 'BookingDeclined', 'CommissionStatementIssued'] as const;
const CANCELLED = 4;
/** Fourteen columns a change row: well under a statement's bind parameters. */
const ROWS_PER_INSERT = 400;

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

type Created = Extract<Event, { type: 'BookingCreated' }>;

/** The booking's row and, when it earns a commission, its first change; null for a staff booking (no agency earns). */
function createdRows(event: Created): { booking: Row; change: Row | null } | null {
  const d = event.data;
  if (d.agencyId === null) return null;
  const row: BookingRow = { supplier_id: d.supplierId, agency_id: d.agencyId, commission: '0', standing: false, tour_name: d.tourName, offer_name: d.offerName, date: d.date, guest_name: d.guestName };
  const { after, kind, amount } = commissionChange(undefined, factOf(event)!);
  return {
    booking: { booking_id: d.id, ...row, commission: after.commission, standing: after.standing, version: event.revision },
    change: amount === 0 ? null : changeRow(event, row, kind, amount, d.date),
  };
}

/** A line of the agency's commission changes. */
function changeRow(event: Event, row: BookingRow, kind: string, amount: number, date: string): Row {
  return {
    booking_id: (event.data as { id: number }).id,
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
  };
}

/** The bookings created in a batch, two statements for all of them. */
async function applyCreated({ trx, table }: ProjectionContext, events: Created[]): Promise<void> {
  const rows = events.map(createdRows).filter((r) => r !== null);
  await insertIgnoringReplays(trx, table('commission_bookings'), rows.map((r) => r.booking), ROWS_PER_INSERT, 'booking_id');
  await insertIgnoringReplays(trx, table('commission_changes'), rows.flatMap((r) => (r.change ? [r.change] : [])), ROWS_PER_INSERT, ['booking_id', 'revision']);
}

/** A later change of a booking: its commission moves from what the row says, when the event is newer than the row. */
async function applyChange({ trx, table }: ProjectionContext, event: Event, fact: CommissionFact): Promise<void> {
  const bookings = table('commission_bookings');
  const id = (event.data as { id: number }).id;
  // The date as text: a Postgres date read as a JS Date would shift with the process's time zone.
  const row = await whereNewer(
    trx(bookings).select('supplier_id', 'agency_id', 'commission', 'standing', 'tour_name', 'offer_name', 'guest_name', trx.raw("to_char(date, 'YYYY-MM-DD') AS date")),
    { booking_id: id },
    event.revision,
  ).first<BookingRow | undefined>();
  if (!row) return;
  const { after, kind, amount } = commissionChange({ commission: Number(row.commission), standing: row.standing }, fact);
  const date = event.type === 'BookingRescheduled' ? event.data.date : row.date;
  await trx(bookings).where({ booking_id: id }).update({ commission: after.commission, standing: after.standing, date, version: event.revision });
  if (amount !== 0) await insertOnce(trx, table('commission_changes'), changeRow(event, row, kind, amount, date), ['booking_id', 'revision']);
}

async function applyIssued({ trx, table }: ProjectionContext, event: Extract<Event, { type: 'CommissionStatementIssued' }>): Promise<void> {
  const d = event.data;
  const key = { supplier_id: d.supplierId, agency_id: d.agencyId, month: d.month };
  const statement = { ...key, number: d.number, issued_at: event.recordedAt, issued_by: d.issuedBy, total: d.total, line_count: d.lines.length, lines: JSON.stringify(d.lines) };
  await insertOnce(trx, table('commission_statements'), statement, Object.keys(key));
  if (!d.lines.length) return;
  // The changes it holds are on it for good: a later statement takes only the ones still on none.
  const pairs = d.lines.map((l) => [l.bookingId, l.revision]);
  await trx(table('commission_changes'))
    .where({ supplier_id: d.supplierId, agency_id: d.agencyId })
    .whereIn(['booking_id', 'revision'], pairs)
    .update({ statement_month: d.month });
}

async function applyOne(ctx: ProjectionContext, event: Event): Promise<void> {
  if (event.type === 'CommissionStatementIssued') return applyIssued(ctx, event);
  const fact = factOf(event);
  if (fact) await applyChange(ctx, event, fact);
}

/** Creations in bulk, everything else in order after what was read before it. */
function applyBatch(ctx: ProjectionContext, events: Event[]): Promise<void> {
  return applyInRuns(events, (e): e is Created => e.type === 'BookingCreated', (created) => applyCreated(ctx, created), (event) => applyOne(ctx, event));
}

/** The booking a commission is for, as its statement lines show it. */
function bookingLineColumns(t: Knex.CreateTableBuilder): void {
  t.text('tour_name').notNullable();
  t.text('offer_name').notNullable();
  t.date('date').notNullable();
  t.text('guest_name').notNullable();
}

export const commissionStatementsProjection = defineProjection<BookingEvent | CommissionStatementEvent>({
  name: 'commission_statements',
  version: 1,
  handles: [...HANDLED],
  tables: {
    commission_bookings: (t) => {
      t.integer('booking_id').primary();
      supplierAndAgency(t);
      money(t, 'commission');
      t.boolean('standing').notNullable();
      bookingLineColumns(t);
      streamVersion(t);
    },
    commission_changes: (t) => {
      t.integer('booking_id').notNullable();
      t.integer('revision').notNullable();
      t.primary(['booking_id', 'revision']);
      supplierAndAgency(t);
      t.text('kind').notNullable();
      instant(t, 'at').notNullable();
      t.text('month').notNullable();
      bookingLineColumns(t);
      money(t, 'amount');
      t.text('statement_month');
    },
    commission_statements: (t) => {
      supplierAndAgency(t);
      t.text('month').notNullable();
      t.primary(['supplier_id', 'agency_id', 'month']);
      t.integer('number').notNullable();
      instant(t, 'issued_at').notNullable();
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
  apply: (ctx, event) => applyBatch(ctx, [event]),
  applyBatch,
});
