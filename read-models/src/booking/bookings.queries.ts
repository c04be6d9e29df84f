import type { Knex } from 'knex';
import type { IdName } from '../reference/reference-data.queries';
import { normalizeEmail } from '../identity/users.queries';
import { BOOKING_STATUS_TEXT, type BookingStatusCode } from '@tbo/booking/src/pure/booking-status.pure';
import { HOTEL_SQL, SEARCH_COLUMNS, SEARCH_SEPARATOR } from './bookings-search';

/**
 * The booking lists over the `bookings` read table: the operator list (a supplier's date window with its sums),
 * the agent bookings and commissions lists (an agency's, one agent's, or the supplier's staff agents'), their
 * filter options, the header search, and a cursor over a whole filtered list for the Excel exports.
 *
 * A page is a deferred join: the page's ids come from the filtered set in the list's order (for the default
 * orders an index range scan), then the columns of those rows only. Counts and sums are one aggregate over the
 * filtered set.
 */

// ----- Shared -----

/** `%`, `_` and `\` are LIKE's own characters: typed text matches them literally. */
const contains = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const DATE_SQL = (alias: string) => `to_char(${alias}.date, 'YYYY-MM-DD')`;

type Direction = 'ASC' | 'DESC';

function orderSql(column: string, direction: Direction, alias: string): string {
  const dir = direction === 'DESC' ? 'desc' : 'asc';
  return column === `${alias}.id` ? `${alias}.id ${dir}` : `${column} ${dir}, ${alias}.id ${dir}`;
}

const statusText = (status: number): string => BOOKING_STATUS_TEXT[status as BookingStatusCode] ?? '';

/** A pending booking whose answer is overdue (shown in red). */
const overdue = (status: number, responseDueAt: Date | null, now: Date): boolean => status === 1 && responseDueAt !== null && responseDueAt.getTime() < now.getTime();

/** Rows per FETCH of an export's cursor: one batch is written while Postgres makes the next. */
const CURSOR_BATCH = 1000;

/**
 * Every row of a query through a server-side cursor, a batch at a time: memory stays flat however many rows match
 * (the Excel exports). The next batch is fetched while the caller works on the current one. `arrays`: each row
 * as the array of its columns in select order (pg's rowMode 'array'), not an object.
 */
export async function* cursorBatches<T>(db: Knex, query: Knex.QueryBuilder | Knex.Raw, options: { batchSize?: number; arrays?: boolean } = {}): AsyncGenerator<T[]> {
  const { batchSize = CURSOR_BATCH, arrays = false } = options;
  const { sql, bindings } = query.toSQL();
  const trx = await db.transaction(undefined, { isolationLevel: 'repeatable read', readOnly: true });
  const cursor = 'booking_rows';
  const fetch = () =>
    trx
      .raw<{ rows: T[] }>(`FETCH ${batchSize} FROM ${cursor}`)
      .options(arrays ? { rowMode: 'array' } : {})
      .then((r) => r.rows);
  let next: Promise<T[]> | null = null;
  try {
    await trx.raw(`DECLARE ${cursor} NO SCROLL CURSOR FOR ${sql}`, bindings as readonly Knex.RawBinding[]);
    next = fetch();
    for (;;) {
      const rows: T[] = await next;
      next = null;
      if (!rows.length) break;
      next = rows.length === batchSize ? fetch() : Promise.resolve([]);
      yield rows;
    }
  } finally {
    // The consumer may stop early (a client gone): the fetch under way must end before the transaction does.
    await next?.catch(() => undefined);
    if (!trx.isCompleted()) await trx.rollback().catch(() => undefined);
  }
}

// ----- Operator bookings -----

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

/** The sort keys both lists offer, by the same expression (text case-insensitively, the hotel as the row shows it). */
const COMMON_SORT = {
  id: 'b.id',
  date: 'b.date',
  bookingDateTime: 'b.booked_at',
  tourName: 'lower(b.tour_name)',
  offerName: 'lower(b.offer_name)',
  hotelName: `lower(${HOTEL_SQL('b')})`,
  guestName: 'lower(b.guest_name)',
  tel: 'b.tel',
  voucher: 'lower(b.voucher)',
  status: 'b.status',
} as const satisfies Partial<Record<OperatorSortField & AgentSortField, string>>;

const OPERATOR_SORT: Record<OperatorSortField, string> = {
  ...COMMON_SORT,
  region: 'lower(b.region_name)',
  ad: 'b.ad',
  ch: 'b.ch',
  inf: 'b.inf',
  foc: 'b.foc',
  paid: 'b.paid',
  paidTo: 'b.paid_to',
  collect: 'b.collect',
  collectTo: 'b.collect_to',
};

/** What both lists show of a booking, under the same names. */
export interface BookingListRowCommon {
  id: number;
  date: string;
  bookingDateTime: string;
  tourId: number;
  tourName: string;
  offerId: number;
  offerName: string;
  timeSlotName: string | null;
  hotelId: number | null;
  hotelName: string;
  customHotelName: string | null;
  guestName: string;
  tel: string;
  voucher: string;
  status: number;
  statusText: string;
  /** Where it was sold: in the back office (agents, staff) or by a reseller through the OCTO API. */
  channel: 'backoffice' | 'octo';
}

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

function operatorFiltered(db: Knex, f: OperatorBookingFilter): Knex.QueryBuilder {
  const q = db('bookings as b').where('b.supplier_id', f.supplierId).andWhere('b.date', '>=', f.from).andWhere('b.date', '<=', f.to);
  if (f.status) q.whereIn('b.status', [...OPERATOR_STATUS_CODES[f.status]]);
  const c = f.filters;
  if (c.id !== undefined) q.andWhere('b.id', c.id);
  const like = (sql: string, text: string | undefined) => {
    if (text && text.trim()) q.andWhereRaw(`lower(${sql}) like ?`, [contains(text.trim())]);
  };
  like('b.tour_name', c.tour);
  like('b.offer_name', c.offer);
  like(HOTEL_SQL('b'), c.hotel);
  like('b.region_name', c.region);
  like('b.guest_name', c.guestName);
  like('b.tel', c.tel);
  like('b.voucher', c.voucher);
  if (c.paidTo) q.andWhere('b.paid_to', c.paidTo);
  if (c.collectTo) q.andWhere('b.collect_to', c.collectTo);
  return q;
}

/** What both lists show of a booking's trip: id, dates, tour, ticket and slot. */
const TRIP_COLUMNS = (db: Knex) => [
  'b.id',
  db.raw(`${DATE_SQL('b')} as date`),
  'b.booked_at as bookedAt',
  'b.tour_id as tourId',
  'b.tour_name as tourName',
  'b.offer_id as offerId',
  'b.offer_name as offerName',
  'b.time_slot_name as timeSlotName',
  'b.channel',
];
const HOTEL_COLUMNS = ['b.hotel_id as hotelId', 'b.hotel_name as hotelName', 'b.custom_hotel_name as customHotelName'];

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
  db.raw('b.collect::float8 as collect'),
  'b.collect_to as collectTo',
  'b.voucher',
  'b.status',
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
  const totals = operatorFiltered(db, f).select(
    db.raw('count(*)::int as total'),
    db.raw('coalesce(sum(b.ad), 0)::int as ad'),
    db.raw('coalesce(sum(b.ch), 0)::int as ch'),
    db.raw('coalesce(sum(b.inf), 0)::int as inf'),
    db.raw('coalesce(sum(b.foc), 0)::int as foc'),
  );
  const rows = db('bookings as b').join(operatorPageIds(db, f, sort, page).as('p'), 'p.id', 'b.id').select(OPERATOR_COLUMNS(db)).orderByRaw(order);
  return { rows, totals };
}

/** One page of the operator list, the number of rows and the sums of the counts over the whole filtered set. */
export async function listOperatorBookings(
  db: Knex,
  f: OperatorBookingFilter,
  sort: OperatorSort,
  page: { offset: number; limit: number },
  now = new Date(),
): Promise<{ rows: OperatorBookingRow[]; total: number; sums: BookingSums }> {
  const q = operatorBookingQueries(db, f, sort, page);
  const [rows, totals] = await Promise.all([q.rows as Promise<OperatorDbRow[]>, q.totals as Promise<(BookingSums & { total: number })[]>]);
  const t = totals[0] ?? { total: 0, ad: 0, ch: 0, inf: 0, foc: 0 };
  return { rows: rows.map((r) => toOperatorRow(r, now)), total: t.total, sums: { ad: t.ad, ch: t.ch, inf: t.inf, foc: t.foc } };
}

/** A cell of a sheet as Postgres hands it over. */
export type SheetCell = string | number | null;

/** 'agency' and 'supplier' as the sheets write them. */
const PAYEE_SQL = (column: string) => `case ${column} when 'agency' then 'Agency' when 'supplier' then 'Supplier' else ${column} end`;

/**
 * The operator list's rows as the cells of its sheet (bookings.xlsx), in the sheet's column order: Id, Date, Booked
 * at, Tour, Ticket, Hotel, Region, Guest name, Tel, Ad, Ch, Inf, Foc, Paid, Paid to, Collect, Collect to, Voucher,
 * Status. Dates as DD.MM.YYYY, booked at as Dubai wall time (UTC+4) to the minute, the hotel the list shows, payees
 * and status as words. Postgres formats them (on its own core, while the API writes the batch before), so the
 * export spends no time of the API's one thread on dates and texts: the list's answer and the sheet say the same
 * (test/api/bookings-operations.test.ts compares them cell by cell).
 */
const OPERATOR_SHEET_CELLS = (db: Knex) => [
  'b.id',
  db.raw(`to_char(b.date, 'DD.MM.YYYY')`),
  db.raw(`to_char((b.booked_at at time zone 'UTC') + interval '4 hours', 'DD.MM.YYYY HH24:MI')`),
  'b.tour_name',
  'b.offer_name',
  db.raw(HOTEL_SQL('b')),
  'b.region_name',
  'b.guest_name',
  'b.tel',
  'b.ad',
  'b.ch',
  'b.inf',
  'b.foc',
  db.raw('b.paid::float8'),
  db.raw(PAYEE_SQL('b.paid_to')),
  db.raw('b.collect::float8'),
  db.raw(PAYEE_SQL('b.collect_to')),
  'b.voucher',
  db.raw(`case b.status ${Object.keys(BOOKING_STATUS_TEXT).map(() => 'when ? then ?').join(' ')} else '' end`, Object.entries(BOOKING_STATUS_TEXT).flatMap(([code, text]) => [Number(code), text])),
];

/** Every row of the operator list as filtered and sorted, as the cells of its sheet (above), in batches: the Excel export. */
export function operatorSheetBatches(db: Knex, f: OperatorBookingFilter, sort: OperatorSort): AsyncGenerator<SheetCell[][]> {
  const rows = operatorFiltered(db, f).select(OPERATOR_SHEET_CELLS(db)).orderByRaw(orderSql(OPERATOR_SORT[sort.field], sort.direction, 'b'));
  return cursorBatches<SheetCell[]>(db, rows, { arrays: true });
}

// ----- Agent bookings and commissions -----

/**
 * Whose bookings an agent list shows. An agency's agents: the whole agency (its admin, 'Only my bookings' off)
 * or one agent. The supplier's staff agents (sales staff and admins who book): all of them, or one.
 */
export type AgentListScope<A extends AgentRef = number> = ({ kind: 'agency'; agencyId: number; agentId: A | null } | { kind: 'staff'; supplierId: number; staffAgentId: A | null }) & {
  /**
   * The user asking, for statements that check them themselves: they answer nothing unless the users table has
   * this user in the scope's agency (or supplier), so a page need not wait for a lookup of the caller first.
   */
  caller?: { email: string };
};

/** The one user a list is narrowed to: an id, or a user's email, looked up in the list's own statements. */
export type AgentRef = number | { email: string };

export interface AgentBookingFilter {
  scope: AgentListScope<AgentRef>;
  from: string | null;
  to: string | null;
  /** Free text, matched case-insensitively in the guest, voucher, room, phones, tour, ticket, hotel and notes (and the id). */
  text: string;
  /** Agents by id; staff agents as negative ids. */
  agentIds?: number[];
  hotelIds?: number[];
  offerIds?: number[];
  /** The bookings of one arrival group. */
  groupId?: number;
}

export const AGENT_SORT_FIELDS = ['id', 'date', 'tourName', 'offerName', 'hotelName', 'pickUpTimeStart', 'roomNumber', 'guestName', 'tel', 'numAdults', 'numChildren', 'numInfants', 'numFoc', 'grossSales', 'agencyReceivable', 'status', 'voucher', 'notes', 'bookingDateTime'] as const;
export type AgentSortField = (typeof AGENT_SORT_FIELDS)[number];

const AGENT_SORT: Record<AgentSortField, string> = {
  ...COMMON_SORT,
  pickUpTimeStart: 'b.pick_up_start',
  roomNumber: 'b.room',
  numAdults: 'b.ad',
  numChildren: 'b.ch',
  numInfants: 'b.inf',
  numFoc: 'b.foc',
  grossSales: 'b.gross_sales',
  agencyReceivable: 'b.agency_receivable',
  notes: 'lower(b.notes)',
};

/** Spec 02 §3 Agent booking, with the names a screen shows. */
export interface AgentBookingRow extends BookingListRowCommon {
  pickUpTimeStart: number | null;
  pickUpTimeEnd: number | null;
  roomNumber: string;
  numAdults: number;
  numChildren: number;
  numInfants: number;
  numFoc: number;
  grossSales: number;
  agencyReceivable: number;
  agentId: number | null;
  staffAgentId: number | null;
  agentName: string;
  notes: string;
  canDownloadTickets: boolean;
}

function userId(db: Knex, ref: AgentRef): number | Knex.Raw {
  return typeof ref === 'number' ? ref : db.raw('(select u.id from users as u where u.email = ?)', [normalizeEmail(ref.email)]);
}

function scoped(db: Knex, q: Knex.QueryBuilder, scope: AgentListScope<AgentRef>): Knex.QueryBuilder {
  if (scope.caller) {
    const [column, tenant] = scope.kind === 'agency' ? ['u.agency_id', scope.agencyId] : ['u.supplier_id', scope.supplierId];
    // Uncorrelated: Postgres probes the users table once and gates the whole scan on it.
    q.whereExists(db('users as u').select(db.raw('1')).where('u.email', normalizeEmail(scope.caller.email)).andWhere(column, tenant));
  }
  if (scope.kind === 'agency') {
    q.where('b.agency_id', scope.agencyId);
    if (scope.agentId !== null) q.andWhere('b.agent_id', userId(db, scope.agentId));
  } else {
    q.where('b.supplier_id', scope.supplierId).whereNotNull('b.staff_agent_id');
    if (scope.staffAgentId !== null) q.andWhere('b.staff_agent_id', userId(db, scope.staffAgentId));
  }
  return q;
}

function agentFiltered(db: Knex, f: AgentBookingFilter): Knex.QueryBuilder {
  const q = scoped(db, db('bookings as b'), f.scope);
  if (f.from) q.andWhere('b.date', '>=', f.from);
  if (f.to) q.andWhere('b.date', '<=', f.to);
  if (f.groupId !== undefined) q.andWhere('b.arrival_group_id', f.groupId);
  if (f.hotelIds?.length) q.whereIn('b.hotel_id', f.hotelIds);
  if (f.offerIds?.length) q.whereIn('b.offer_id', f.offerIds);
  if (f.agentIds?.length) {
    const agents = f.agentIds.filter((id) => id > 0);
    const staff = f.agentIds.filter((id) => id < 0).map((id) => -id);
    q.andWhere((w) => {
      if (agents.length) w.orWhereIn('b.agent_id', agents);
      if (staff.length) w.orWhereIn('b.staff_agent_id', staff);
      if (!agents.length && !staff.length) w.whereRaw('false');
    });
  }
  const text = f.text.trim();
  if (text) {
    const pattern = contains(text);
    q.andWhere((w) => {
      // One column holds the eight, joined by a separator (bookings-search.ts): text without it matches there only
      // inside one of them, and the agency's index carries that column.
      if (!text.includes(SEARCH_SEPARATOR)) w.orWhereRaw('b.search_text like ?', [pattern]);
      else for (const column of SEARCH_COLUMNS('b')) w.orWhereRaw(`lower(${column}) like ?`, [pattern]);
      if (/^\d{1,9}$/.test(text)) w.orWhere('b.id', Number(text));
    });
  }
  return q;
}

const AGENT_COLUMNS = (db: Knex) => [
  ...TRIP_COLUMNS(db),
  ...HOTEL_COLUMNS,
  'b.pick_up_start as pickUpTimeStart',
  'b.pick_up_end as pickUpTimeEnd',
  'b.room as roomNumber',
  'b.guest_name as guestName',
  'b.tel',
  'b.ad as numAdults',
  'b.ch as numChildren',
  'b.inf as numInfants',
  'b.foc as numFoc',
  db.raw('b.gross_sales::float8 as "grossSales"'),
  db.raw('b.agency_receivable::float8 as "agencyReceivable"'),
  'b.agent_id as agentId',
  'b.staff_agent_id as staffAgentId',
  db.raw(`coalesce(u.full_name, '') as "agentName"`),
  'b.status',
  'b.voucher',
  'b.notes',
  'b.tickets_required as ticketsRequired',
  'b.tickets_allocated as ticketsAllocated',
];

type AgentDbRow = Omit<AgentBookingRow, 'bookingDateTime' | 'statusText' | 'canDownloadTickets'> & { bookedAt: Date; ticketsRequired: boolean; ticketsAllocated: boolean };

/** Tickets exist for a booking that needs them and is not pending or cancelled. */
/** Spec 02 §6: tickets only once their codes are allocated (and the booking stands). */
const ticketsDownloadable = (r: { ticketsRequired: boolean; ticketsAllocated: boolean; status: number }) => r.ticketsRequired && r.ticketsAllocated && (r.status === 0 || r.status === 5);

export function toAgentRow(r: AgentDbRow): AgentBookingRow {
  const { bookedAt, ticketsRequired: _t, ticketsAllocated: _a, ...rest } = r;
  return { ...rest, bookingDateTime: new Date(bookedAt).toISOString(), statusText: statusText(r.status), canDownloadTickets: ticketsDownloadable(r) };
}

const withAgentName = (db: Knex, q: Knex.QueryBuilder) => q.leftJoin('users as u', 'u.id', db.raw('coalesce(b.agent_id, b.staff_agent_id)'));

export type AgentSort = { field: AgentSortField; direction: Direction };

/** The queries behind an agent list, unexecuted (the bench runs their SQL directly). `page` null: every row. */
export function agentBookingQueries(db: Knex, f: AgentBookingFilter, sort: AgentSort, page: { offset: number; limit: number } | null): { rows: Knex.QueryBuilder; count: Knex.QueryBuilder } {
  const order = orderSql(AGENT_SORT[sort.field], sort.direction, 'b');
  const count = agentFiltered(db, f).select(db.raw('count(*)::int as total'));
  if (!page) return { rows: withAgentName(db, agentFiltered(db, f)).select(AGENT_COLUMNS(db)).orderByRaw(order), count };
  const ids = agentFiltered(db, f).select('b.id').orderByRaw(order).offset(page.offset).limit(page.limit);
  const rows = withAgentName(db, db('bookings as b').join(ids.as('p'), 'p.id', 'b.id')).select(AGENT_COLUMNS(db)).orderByRaw(order);
  return { rows, count };
}

export async function listAgentBookings(db: Knex, f: AgentBookingFilter, sort: AgentSort, page: { offset: number; limit: number }): Promise<{ rows: AgentBookingRow[]; total: number }> {
  const q = agentBookingQueries(db, f, sort, page);
  const [rows, count] = await Promise.all([q.rows as Promise<AgentDbRow[]>, q.count as Promise<{ total: number }[]>]);
  return { rows: rows.map(toAgentRow), total: count[0]?.total ?? 0 };
}

/** Every row of an agent list as filtered and sorted, in batches (the Excel exports). */
export async function* agentBookingBatches(db: Knex, f: AgentBookingFilter, sort: AgentSort): AsyncGenerator<AgentBookingRow[]> {
  for await (const batch of cursorBatches<AgentDbRow>(db, agentBookingQueries(db, f, sort, null).rows)) yield batch.map(toAgentRow);
}

/** The agents filter's options: the agency's agents (or the one agent), or the staff agents as negative ids. */
export async function agentOptions(db: Knex, scope: AgentListScope): Promise<IdName[]> {
  if (scope.kind === 'agency') {
    const q = db('users').select('id', 'full_name as name').where('agency_id', scope.agencyId);
    if (scope.agentId !== null) q.andWhere('id', scope.agentId);
    return q.orderByRaw('lower(full_name), id');
  }
  // Staff who booked (or the one staff agent): the users table alone cannot say who books.
  const ids = db('bookings as b').distinct('b.staff_agent_id').where('b.supplier_id', scope.supplierId).whereNotNull('b.staff_agent_id');
  if (scope.staffAgentId !== null) ids.andWhere('b.staff_agent_id', scope.staffAgentId);
  const rows: IdName[] = await db('users').select('id', 'full_name as name').whereIn('id', ids).orderByRaw('lower(full_name), id');
  if (scope.staffAgentId !== null && !rows.some((r) => r.id === scope.staffAgentId)) {
    const me = await db('users').select('id', 'full_name as name').where('id', scope.staffAgentId).first<IdName | undefined>();
    if (me) rows.push(me);
  }
  return rows.map((r) => ({ id: -r.id, name: r.name }));
}

/** The hotels filter's options: the hotels of the bookings the list may show (custom hotel names have no id to filter on). */
export async function agentHotelOptions(db: Knex, scope: AgentListScope): Promise<IdName[]> {
  return scoped(db, db('bookings as b'), scope).whereNotNull('b.hotel_id').select('b.hotel_id as id', db.raw('min(b.hotel_name) as name')).groupBy('b.hotel_id').orderByRaw('lower(min(b.hotel_name)), b.hotel_id');
}

/** The tickets filter's options: the offers of the bookings the list may show. */
export async function agentOfferOptions(db: Knex, scope: AgentListScope): Promise<IdName[]> {
  return scoped(db, db('bookings as b'), scope).select('b.offer_id as id', db.raw('min(b.offer_name) as name')).groupBy('b.offer_id').orderByRaw('lower(min(b.offer_name)), b.offer_id');
}

// ----- Header search -----

export type BookingSearchScope = { kind: 'supplier'; supplierId: number } | AgentListScope;

export interface BookingSearchHit {
  id: number;
  date: string;
  guestName: string;
  voucher: string;
  tourName: string;
  status: number;
  statusText: string;
}

export const BOOKING_SEARCH_LIMIT = 10;

/**
 * Bookings the caller may see whose id is the text, or whose voucher or guest name holds it: the id first, then
 * the newest dates. The trigram indexes on lower(guest_name) and lower(voucher) serve the contains match.
 */
export async function searchBookings(db: Knex, scope: BookingSearchScope, text: string): Promise<BookingSearchHit[]> {
  const q = db('bookings as b');
  if (scope.kind === 'supplier') q.where('b.supplier_id', scope.supplierId);
  else scoped(db, q, scope);
  const pattern = contains(text);
  const id = /^\d{1,9}$/.test(text) ? Number(text) : null;
  q.andWhere((w) => {
    w.whereRaw('lower(b.guest_name) like ?', [pattern]).orWhereRaw('lower(b.voucher) like ?', [pattern]);
    if (id !== null) w.orWhere('b.id', id);
  });
  const rows: Omit<BookingSearchHit, 'statusText'>[] = await q
    .select('b.id', db.raw(`${DATE_SQL('b')} as date`), 'b.guest_name as guestName', 'b.voucher', 'b.tour_name as tourName', 'b.status')
    .orderByRaw('(b.id = ?) desc, b.date desc, b.id desc', [id ?? -1])
    .limit(BOOKING_SEARCH_LIMIT);
  return rows.map((r) => ({ ...r, statusText: statusText(r.status) }));
}
