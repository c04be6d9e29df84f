import type { Knex } from 'knex';
import type { IdName } from '../reference/reference-data.queries';
import { normalizeEmail } from '../identity/users.queries';
import { minutesToTime } from '@tbo/kernel/src/pure/time-of-day.pure';
import { cursorBatches } from '../sql/cursor-batches';
import { SEARCH_COLUMNS, SEARCH_SEPARATOR } from './bookings-search';
import { COMMON_SORT, contains, HOTEL_COLUMNS, orderSql, statusText, TRIP_COLUMNS, type BookingListRowCommon, type Direction } from './booking-lists.shared';

/** The agent bookings and commissions lists: an agency's, one agent's, or the supplier's staff agents'; their filter options. */

/**
 * Whose bookings an agent list shows. An agency's agents: the whole agency (its admin, 'Only my bookings' off)
 * or one agent. The supplier's staff agents (sales staff and admins who book): all of them, or one.
 */
export type AgentListScope<A extends AgentRef = number> = (
  | { kind: 'agency'; agencyId: number; agentId: A | null }
  /** everySeller: the supplier's operators on an arrival group's page see its agencies' bookings as well as staff's. */
  | { kind: 'staff'; supplierId: number; staffAgentId: A | null; everySeller?: boolean }
) & {
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

/**
 * The agency's commission as the agent lists and their exports show it: none on a cancelled or declined booking, as
 * its details page says, so a column summed in Excel is what the agency earned; the row keeps its booked figures.
 */
const EARNED_RECEIVABLE = 'CASE WHEN b.status = 4 THEN 0 ELSE b.agency_receivable END';

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
  agencyReceivable: EARNED_RECEIVABLE,
  notes: 'lower(b.notes)',
};

/** Spec 02 §3 Agent booking, with the names a screen shows. */
export interface AgentBookingRow extends BookingListRowCommon {
  /**
   * Spec 02 §3 Agent booking 'pickUppickUpTime' (its own spelling): read as the pick-up time the list's pick-up
   * column and the confirmation show (§2), as text: 'HH:MM', or 'HH:MM – HH:MM' for a window; '' when the booking
   * has none. pickUpTimeStart and pickUpTimeEnd keep the same times in minutes.
   */
  pickUppickUpTime: string;
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

export function agentListScoped(db: Knex, q: Knex.QueryBuilder, scope: AgentListScope<AgentRef>): Knex.QueryBuilder {
  if (scope.caller) {
    const [column, tenant] = scope.kind === 'agency' ? ['u.agency_id', scope.agencyId] : ['u.supplier_id', scope.supplierId];
    // Uncorrelated: Postgres probes the users table once and gates the whole scan on it.
    q.whereExists(db('users as u').select(db.raw('1')).where('u.email', normalizeEmail(scope.caller.email)).andWhere(column, tenant));
  }
  if (scope.kind === 'agency') {
    q.where('b.agency_id', scope.agencyId);
    if (scope.agentId !== null) q.andWhere('b.agent_id', userId(db, scope.agentId));
  } else {
    q.where('b.supplier_id', scope.supplierId);
    if (!scope.everySeller) q.whereNotNull('b.staff_agent_id');
    if (scope.staffAgentId !== null) q.andWhere('b.staff_agent_id', userId(db, scope.staffAgentId));
  }
  return q;
}

function agentFiltered(db: Knex, f: AgentBookingFilter): Knex.QueryBuilder {
  const q = agentListScoped(db, db('bookings as b'), f.scope);
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
  db.raw(`(${EARNED_RECEIVABLE})::float8 as "agencyReceivable"`),
  'b.agent_id as agentId',
  'b.staff_agent_id as staffAgentId',
  db.raw(`coalesce(u.full_name, '') as "agentName"`),
  'b.status',
  'b.declined',
  'b.voucher',
  'b.notes',
  'b.tickets_required as ticketsRequired',
  'b.tickets_allocated as ticketsAllocated',
];

type AgentDbRow = Omit<AgentBookingRow, 'bookingDateTime' | 'statusText' | 'canDownloadTickets' | 'pickUppickUpTime'> & { bookedAt: Date; ticketsRequired: boolean; ticketsAllocated: boolean };

/** Spec 02 §6: tickets only once their codes are allocated (and the booking stands). */
const ticketsDownloadable = (r: { ticketsRequired: boolean; ticketsAllocated: boolean; status: number }) => r.ticketsRequired && r.ticketsAllocated && (r.status === 0 || r.status === 5);

/** The pick-up window as text, as the bookings sheet's pick-up column writes it. */
export const pickUpTimeText = (start: number | null, end: number | null): string =>
  start === null ? '' : end === null || end === start ? minutesToTime(start) : `${minutesToTime(start)} – ${minutesToTime(end)}`;

export function toAgentRow(r: AgentDbRow): AgentBookingRow {
  const { bookedAt, ticketsRequired: _t, ticketsAllocated: _a, ...rest } = r;
  return {
    ...rest,
    pickUppickUpTime: pickUpTimeText(r.pickUpTimeStart, r.pickUpTimeEnd),
    bookingDateTime: new Date(bookedAt).toISOString(),
    statusText: statusText(r.status),
    canDownloadTickets: ticketsDownloadable(r),
  };
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
  return agentListScoped(db, db('bookings as b'), scope).whereNotNull('b.hotel_id').select('b.hotel_id as id', db.raw('min(b.hotel_name) as name')).groupBy('b.hotel_id').orderByRaw('lower(min(b.hotel_name)), b.hotel_id');
}

/** The tickets filter's options: the offers of the bookings the list may show. */
export async function agentOfferOptions(db: Knex, scope: AgentListScope): Promise<IdName[]> {
  return agentListScoped(db, db('bookings as b'), scope).select('b.offer_id as id', db.raw('min(b.offer_name) as name')).groupBy('b.offer_id').orderByRaw('lower(min(b.offer_name)), b.offer_id');
}

