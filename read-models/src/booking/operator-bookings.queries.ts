import type { Knex } from 'knex';
import { BOOKING_STATUSES } from '@tbo/event-schemas';
import { cursorBatches } from '../sql/cursor-batches';
import { NO_HOTEL_NAME } from '@tbo/scheduling/src/pure/pickup-window.pure';
import { HOTEL_SQL } from './bookings-search';
import { COMMON_SORT, contains, HOTEL_COLUMNS, orderSql, statusText, TRIP_COLUMNS, type BookingListRowCommon, type Direction } from './booking-lists.shared';

/** The operator list: a supplier's bookings in a date window, with the sums of the counts and the Excel sheet. */

/** A pending booking whose answer is overdue (shown in red). */
const overdue = (status: number, responseDueAt: Date | null, now: Date): boolean => status === 1 && responseDueAt !== null && responseDueAt.getTime() < now.getTime();

/** Status filter words (spec 02 §2: Normal, Pending, Cancelled) → the codes each stands for. */
export const OPERATOR_STATUS_CODES = {
  /** Live bookings: new and, once the day is over, completed. */
  normal: [0, 5],
  /** Waiting for somebody: operations' answer, a quotation or a payment. */
  pending: [1, 2, 3],
  cancelled: [4],
} as const;
export type OperatorStatus = keyof typeof OPERATOR_STATUS_CODES;

export interface OperatorColumnFilters {
  id?: number;
  tour?: string;
  offer?: string;
  hotel?: string;
  region?: string;
  guestName?: string;
  tel?: string;
  voucher?: string;
  paidTo?: 'agency' | 'supplier';
  collectTo?: 'agency' | 'supplier';
}

export interface OperatorBookingFilter {
  supplierId: number;
  /** Business dates, both ends included. */
  from: string;
  to: string;
  status: OperatorStatus | null;
  filters: OperatorColumnFilters;
}

export const OPERATOR_SORT_FIELDS = ['id', 'date', 'bookingDateTime', 'tourName', 'offerName', 'hotelName', 'region', 'guestName', 'tel', 'ad', 'ch', 'inf', 'foc', 'paid', 'paidTo', 'collect', 'collectTo', 'voucher', 'status'] as const;
export type OperatorSortField = (typeof OPERATOR_SORT_FIELDS)[number];

/**
 * What is still to collect on the day: nothing for a cancelled or declined booking (its invoice, panel and the agent's
 * page say so), though the booking keeps the amount it was sold with.
 */
const COLLECT_DUE = `CASE WHEN b.status = ${BOOKING_STATUSES.cancelled} THEN 0 ELSE b.collect END`;

const OPERATOR_SORT: Record<OperatorSortField, string> = {
  ...COMMON_SORT,
  region: 'lower(b.region_name)',
  ad: 'b.ad',
  ch: 'b.ch',
  inf: 'b.inf',
  foc: 'b.foc',
  paid: 'b.paid',
  paidTo: 'b.paid_to',
  collect: COLLECT_DUE,
  collectTo: 'b.collect_to',
};

export interface OperatorBookingRow extends BookingListRowCommon {
  startTime: number | null;
  region: string;
  ad: number;
  ch: number;
  inf: number;
  foc: number;
  paid: number;
  paidTo: string;
  collect: number;
  collectTo: string;
  isOverdue: boolean;
}

export interface BookingSums {
  ad: number;
  ch: number;
  inf: number;
  foc: number;
}

/** A booking whose guests are coming on the day: neither cancelled nor declined (a declined one is status 4 too). */
const COMING = `b.status <> ${BOOKING_STATUSES.cancelled}`;

/** The count columns as the list sums them. */
const SUMMED = ['ad', 'ch', 'inf', 'foc'] as const;

function operatorFiltered(db: Knex, f: OperatorBookingFilter): Knex.QueryBuilder {
  const q = db('bookings as b').where('b.supplier_id', f.supplierId).andWhere('b.date', '>=', f.from).andWhere('b.date', '<=', f.to);
  if (f.status) q.whereIn('b.status', [...OPERATOR_STATUS_CODES[f.status]]);
  const c = f.filters;
  if (c.id !== undefined) q.andWhere('b.id', c.id);
  const like = (sql: string, text: string | undefined) => {
    if (text && text.trim()) q.andWhereRaw(`lower(${sql}) like ?`, [contains(text.trim())]);
  };
  // A booking's row keeps the names it was sold under (as its documents do); a tour or ticket renamed since is found
  // by its new name too.
  const soldOrNow = (column: string, text: string | undefined, table: 'tours' | 'offers', idColumn: string) => {
    if (!text || !text.trim()) return;
    const pattern = contains(text.trim());
    const renamed = db(table).select('id').where('supplier_id', f.supplierId).andWhere((w) => w.whereRaw('lower(name_display) like ?', [pattern]).orWhereRaw('lower(name_internal) like ?', [pattern]));
    q.andWhere((w) => w.whereRaw(`lower(${column}) like ?`, [pattern]).orWhereIn(idColumn, renamed));
  };
  soldOrNow('b.tour_name', c.tour, 'tours', 'b.tour_id');
  soldOrNow('b.offer_name', c.offer, 'offers', 'b.offer_id');
  like(HOTEL_SQL('b'), c.hotel);
  like('b.region_name', c.region);
  like('b.guest_name', c.guestName);
  like('b.tel', c.tel);
  like('b.voucher', c.voucher);
  if (c.paidTo) q.andWhere('b.paid_to', c.paidTo);
  if (c.collectTo) q.andWhere('b.collect_to', c.collectTo);
  return q;
}

const OPERATOR_COLUMNS = (db: Knex) => [
  ...TRIP_COLUMNS(db),
  'b.start_time as startTime',
  ...HOTEL_COLUMNS,
  'b.region_name as region',
  'b.guest_name as guestName',
  'b.tel',
  'b.ad',
  'b.ch',
  'b.inf',
  'b.foc',
  db.raw('b.paid::float8 as paid'),
  'b.paid_to as paidTo',
  db.raw(`(${COLLECT_DUE})::float8 as collect`),
  'b.collect_to as collectTo',
  'b.voucher',
  'b.status',
  'b.declined',
  'b.response_due_at as responseDueAt',
];

type OperatorDbRow = Omit<OperatorBookingRow, 'bookingDateTime' | 'statusText' | 'isOverdue'> & { bookedAt: Date; responseDueAt: Date | null };

export function toOperatorRow(r: OperatorDbRow, now: Date): OperatorBookingRow {
  const { bookedAt, responseDueAt, ...rest } = r;
  return { ...rest, bookingDateTime: new Date(bookedAt).toISOString(), statusText: statusText(r.status), isOverdue: overdue(r.status, responseDueAt ? new Date(responseDueAt) : null, now) };
}

export type OperatorSort = { field: OperatorSortField; direction: Direction };

/**
 * The ids of one page. The date order is the window index's own: a range scan that stops at the page. Any other
 * order is a top-N sort of the window, read from that index (it carries the counts, status, booked_at and the
 * guest name) or, for the other columns, the window's rows. The window is fenced off (a materialized CTE) because
 * the planner would otherwise walk an index in the sort's order, the primary key for the id, filtering the whole
 * supplier's history down to the window: it prices that walk on the belief that ids and dates are unrelated,
 * where in truth ids grow with booking time and a window of coming dates lies at one end of it.
 */
function operatorPageIds(db: Knex, f: OperatorBookingFilter, sort: OperatorSort, page: { offset: number; limit: number }): Knex.QueryBuilder {
  if (sort.field === 'date') return operatorFiltered(db, f).select('b.id').orderByRaw(orderSql('b.date', sort.direction, 'b')).offset(page.offset).limit(page.limit);
  const window = operatorFiltered(db, f).select('b.id', db.raw(`${OPERATOR_SORT[sort.field]} as sort_key`));
  const order = sort.field === 'id' ? orderSql('w.id', sort.direction, 'w') : orderSql('w.sort_key', sort.direction, 'w');
  return db.withMaterialized('w', window).from('w').select('w.id').orderByRaw(order).offset(page.offset).limit(page.limit);
}

/** The queries behind a page of the operator list, unexecuted (the bench runs their SQL directly). */
export function operatorBookingQueries(db: Knex, f: OperatorBookingFilter, sort: OperatorSort, page: { offset: number; limit: number }): { rows: Knex.QueryBuilder; totals: Knex.QueryBuilder } {
  const order = orderSql(OPERATOR_SORT[sort.field], sort.direction, 'b');
  // The sums over every filtered row (the spec's), and the same over the rows whose guests are coming (the day's
  // manifest counts only those): one scan of the window for both.
  const totals = operatorFiltered(db, f).select(
    db.raw('count(*)::int as total'),
    ...SUMMED.map((k) => db.raw(`coalesce(sum(b.${k}), 0)::int as ${k}`)),
    ...SUMMED.map((k) => db.raw(`coalesce(sum(b.${k}) filter (where ${COMING}), 0)::int as "coming_${k}"`)),
  );
  const rows = db('bookings as b').join(operatorPageIds(db, f, sort, page).as('p'), 'p.id', 'b.id').select(OPERATOR_COLUMNS(db)).orderByRaw(order);
  return { rows, totals };
}

type TotalsRow = { total: number } & Record<(typeof SUMMED)[number] | `coming_${(typeof SUMMED)[number]}`, number>;

/**
 * One page of the operator list, the number of rows and the sums of the counts over the whole filtered set: `sums`
 * over every row, `comingSums` over the rows that are neither cancelled nor declined.
 */
export async function listOperatorBookings(
  db: Knex,
  f: OperatorBookingFilter,
  sort: OperatorSort,
  page: { offset: number; limit: number },
  now = new Date(),
): Promise<{ rows: OperatorBookingRow[]; total: number; sums: BookingSums; comingSums: BookingSums }> {
  const q = operatorBookingQueries(db, f, sort, page);
  const [rows, totals] = await Promise.all([q.rows as Promise<OperatorDbRow[]>, q.totals as Promise<TotalsRow[]>]);
  const t = totals[0];
  const sums = (prefix: '' | 'coming_'): BookingSums => ({ ad: t?.[`${prefix}ad`] ?? 0, ch: t?.[`${prefix}ch`] ?? 0, inf: t?.[`${prefix}inf`] ?? 0, foc: t?.[`${prefix}foc`] ?? 0 });
  return { rows: rows.map((r) => toOperatorRow(r, now)), total: t?.total ?? 0, sums: sums(''), comingSums: sums('coming_') };
}

/** A cell of a sheet as Postgres hands it over. */
export type SheetCell = string | number | null;

/** The words the sheet writes for payees and statuses, in the caller's language (the booking module's sheet words). */
export interface OperatorSheetTexts {
  payees: { agency: string; supplier: string };
  /** What the hotel cell says for a booking without a hotel of the list (stored as NO_HOTEL_NAME). */
  noHotel: string;
  statuses: Record<number, string>;
  /** A declined booking's status (Cancelled, flagged declined), as the lists and panels name it. */
  declined: string;
}

/** 'agency' and 'supplier' as the sheet writes them (bound values: the words are never SQL). */
const payeeSql = (db: Knex, column: string, payees: OperatorSheetTexts['payees']) => db.raw(`case ${column} when 'agency' then ? when 'supplier' then ? else ${column} end`, [payees.agency, payees.supplier]);

/**
 * The operator list's rows as the cells of its sheet (bookings.xlsx), in the sheet's column order: Id, Date, Booked
 * at, Tour, Ticket, Hotel, Region, Guest name, Tel, Ad, Ch, Inf, Foc, Paid, Paid to, Collect, Collect to, Voucher,
 * Status. Dates as DD.MM.YYYY, booked at as Dubai wall time (UTC+4) to the minute, the hotel the list shows, payees
 * and status as words. Postgres formats them (on its own core, while the API writes the batch before), so the
 * export spends no time of the API's one thread on dates and texts: the list's answer and the sheet say the same
 * (test/api/bookings-operations.test.ts compares them cell by cell).
 */
const OPERATOR_SHEET_CELLS = (db: Knex, texts: OperatorSheetTexts) => [
  'b.id',
  db.raw(`to_char(b.date, 'DD.MM.YYYY')`),
  db.raw(`to_char((b.booked_at at time zone 'UTC') + interval '4 hours', 'DD.MM.YYYY HH24:MI')`),
  'b.tour_name',
  'b.offer_name',
  db.raw(`case ${HOTEL_SQL('b')} when ? then ? else ${HOTEL_SQL('b')} end`, [NO_HOTEL_NAME, texts.noHotel]),
  'b.region_name',
  'b.guest_name',
  'b.tel',
  'b.ad',
  'b.ch',
  'b.inf',
  'b.foc',
  db.raw('b.paid::float8'),
  payeeSql(db, 'b.paid_to', texts.payees),
  db.raw(`(${COLLECT_DUE})::float8`),
  payeeSql(db, 'b.collect_to', texts.payees),
  'b.voucher',
  // Declined first: its status code is Cancelled's.
  db.raw(`case when b.declined then ? else case b.status ${Object.keys(texts.statuses).map(() => 'when ? then ?').join(' ')} else '' end end`, [
    texts.declined,
    ...Object.entries(texts.statuses).flatMap(([code, text]) => [Number(code), text]),
  ]),
];

/** Every row of the operator list as filtered and sorted, as the cells of its sheet (above), in batches: the Excel export. */
export function operatorSheetBatches(db: Knex, f: OperatorBookingFilter, sort: OperatorSort, texts: OperatorSheetTexts): AsyncGenerator<SheetCell[][]> {
  const rows = operatorFiltered(db, f).select(OPERATOR_SHEET_CELLS(db, texts)).orderByRaw(orderSql(OPERATOR_SORT[sort.field], sort.direction, 'b'));
  return cursorBatches<SheetCell[]>(db, rows, { arrays: true });
}

