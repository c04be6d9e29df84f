import type { Knex } from 'knex';
import { cursorBatches } from '../sql/cursor-batches';
import { ARRIVAL_DETAIL_COLUMNS } from './arrivals.projection';

// The import's name look-ups and the agents' in-house guests, kept in their own files.
export * from './arrival-names.queries';
export * from './in-house.queries';

/** One arrival as the arrivals table shows it (spec 02 §3 Arrival, with its group's info). */
export interface ArrivalRow {
  id: number;
  listId: number;
  /** Spec 02 §3 Arrival 'arrivalListId': the same list id (listId stays for the client). */
  arrivalListId: number;
  arrivalListName: string;
  paxId: string;
  isDeleted: boolean;
  isManuallyEntered: boolean;
  touristName: string;
  groupId: number | null;
  groupInfoId: number | null;
  /**
   * Spec 02 §3 Arrival tdHotelId and tdAgencyId: the hotel's and agency's ids in the tour operator's system the list
   * comes from. Always null: an imported or typed arrival gives their names only (hotelName, tdAgencyName), and our
   * own hotelId and agencyId are looked up from those names.
   */
  tdHotelId: null;
  hotelId: number | null;
  hotelName: string;
  tdAgencyId: null;
  agencyId: number | null;
  tdAgencyName: string;
  arrivalDate: string | null;
  arrivalTime: string;
  departureDate: string | null;
  departureTime: string;
  birthDate: string | null;
  age: number | null;
  touristPhone: string;
  touristEmail: string;
  touristCountry: string;
  roomType: string;
  accType: string;
  mealType: string;
  arrivalFlight: string;
  arrivalTerminal: string;
  arrivalTransport: string;
  departureFlight: string;
  departureTerminal: string;
  departureTransport: string;
  pickUpTime: string;
  /** Spec 02 §3 Arrival pickUpTimeEnd. Always null: an arrival keeps one pick-up time text (pickUpTime), no start and end. */
  pickUpTimeEnd: null;
  hotelConfirmationNumber: string;
  agentConfirmationNumber: string;
  /** The guest's own notes (the list file's or the manual entry's), apart from the group's (notes). */
  arrivalNotes: string;
  groupStatus: number | null;
  communicationStatus: number;
  numberOfBookings: number;
  status: number;
  phoneNumbers: string[];
  roomNumber: string;
  /** The group's notes (edited in the table and the group panel). */
  notes: string;
  meetingDate: string | null;
  salesStaffIds: number[];
  salesStaffNames: string;
}

/** A row of the paged list: spec 02 §3 Arrival's meetings too, its group's as the group panel gives them. */
export interface ArrivalListRow extends ArrivalRow {
  meetings: ArrivalGroupView['meetings'];
  /** The group info's version its copied fields (phones, room, notes) show, null before any; an edit sends it back (409 if stale). */
  groupVersion: number | null;
}

const day = (col: string, as: string) => `to_char(a.${col}, 'YYYY-MM-DD') AS "${as}"`;
/**
 * The status the list shows, filters and sorts by: the stored one, except that a pending group whose guest left
 * before today (Dubai) without a booking did not buy. The same rule as arrivalStatusNumber's (modules/arrivals pure
 * code), which the answer's label and the browser use; it cannot be stored, as it changes with the day.
 */
const STATUS_SQL = `(CASE WHEN a.status = 0 AND a.departure_date < (now() AT TIME ZONE 'Asia/Dubai')::date THEN 2 ELSE a.status END)`;
const COLUMNS = [
  'a.id', 'a.list_id AS "listId"', 'a.list_id AS "arrivalListId"', 'a.list_name AS "arrivalListName"', 'a.pax_id AS "paxId"', 'a.is_deleted AS "isDeleted"', 'a.is_manually_entered AS "isManuallyEntered"',
  'a.tourist_name AS "touristName"', 'a.group_id AS "groupId"', 'a.group_info_id AS "groupInfoId"', 'NULL::int AS "tdHotelId"', 'a.hotel_id AS "hotelId"', 'a.hotel_name AS "hotelName"',
  'NULL::int AS "tdAgencyId"', 'a.agency_id AS "agencyId"', 'a.td_agency_name AS "tdAgencyName"', day('arrival_date', 'arrivalDate'), 'a.arrival_time AS "arrivalTime"', day('departure_date', 'departureDate'),
  'a.departure_time AS "departureTime"', day('birth_date', 'birthDate'), 'a.age',
  ...Object.entries(ARRIVAL_DETAIL_COLUMNS).map(([field, column]) => `a.${column} AS "${field}"`),
  'NULL::int AS "pickUpTimeEnd"',
  'a.arrival_notes AS "arrivalNotes"', 'a.group_status AS "groupStatus"', 'a.comm_status AS "communicationStatus"',
  'a.number_of_bookings AS "numberOfBookings"', `${STATUS_SQL} AS status`, 'a.phone_numbers AS "phoneNumbers"', 'a.room_number AS "roomNumber"', 'a.group_notes AS "notes"',
  day('meeting_date', 'meetingDate'), 'a.sales_staff_ids AS "salesStaffIds"', 'a.sales_staff_names AS "salesStaffNames"',
].join(', ');

/** The fields of a field → SQL map, in its order: never empty, as an enum of the inputs wants them. */
function fieldsOf<K extends string>(columns: Record<K, string>): [K, ...K[]] {
  return Object.keys(columns) as [K, ...K[]];
}

/** Sortable columns → their SQL. */
export const ARRIVAL_SORT_COLUMNS = {
  id: 'a.id',
  groupId: 'a.group_id',
  status: STATUS_SQL,
  meetingDate: 'a.meeting_date',
  hotelName: 'lower(a.hotel_name)',
  touristName: 'lower(a.tourist_name)',
  roomNumber: 'a.room_number',
  age: 'a.age',
  touristCountry: 'lower(a.tourist_country)',
  tdAgencyName: 'lower(a.td_agency_name)',
  arrivalDate: 'a.arrival_date',
  arrivalTime: 'a.arrival_time',
  departureDate: 'a.departure_date',
  departureTime: 'a.departure_time',
  arrivalFlight: 'a.arrival_flight',
  departureFlight: 'a.departure_flight',
  notes: 'a.group_notes',
  arrivalNotes: 'lower(a.arrival_notes)',
  salesStaffNames: 'a.sales_staff_names',
} as const;
export type ArrivalSortField = keyof typeof ARRIVAL_SORT_COLUMNS;
export const ARRIVAL_SORT_FIELDS = fieldsOf(ARRIVAL_SORT_COLUMNS);

/** Text columns a filter may search (contains, case-insensitive) → their SQL. */
export const ARRIVAL_TEXT_COLUMNS = {
  touristName: 'a.tourist_name',
  phone: "array_to_string(a.phone_numbers || a.tourist_phone, ' ')",
  roomNumber: 'a.room_number',
  touristCountry: 'a.tourist_country',
  tdAgencyName: 'a.td_agency_name',
  notes: 'a.group_notes',
  arrivalNotes: 'a.arrival_notes',
  arrivalTerminal: 'a.arrival_terminal',
  arrivalFlight: 'a.arrival_flight',
  arrivalTransport: 'a.arrival_transport',
  roomType: 'a.room_type',
  accType: 'a.acc_type',
  mealType: 'a.meal_type',
  departureFlight: 'a.departure_flight',
  departureTerminal: 'a.departure_terminal',
  departureTransport: 'a.departure_transport',
  pickUpTime: 'a.pick_up_time',
  hotelConfirmationNumber: 'a.hotel_confirmation_number',
  agentConfirmationNumber: 'a.agent_confirmation_number',
  arrivalTime: 'a.arrival_time',
  departureTime: 'a.departure_time',
} as const;
export type ArrivalTextField = keyof typeof ARRIVAL_TEXT_COLUMNS;
export const ARRIVAL_TEXT_FIELDS = fieldsOf(ARRIVAL_TEXT_COLUMNS);

export interface DateRange {
  from: string | null;
  to: string | null;
}

export interface ArrivalFilter {
  supplierId: number;
  /** Today (Dubai) when In House is on; null when off. */
  inHouseOn: string | null;
  groupId: number | null;
  statuses: number[];
  salesStaffIds: number[];
  /** 0 is 'No Hotel'. */
  hotelIds: number[];
  meetingDate: DateRange;
  arrivalDate: DateRange;
  departureDate: DateRange;
  age: { from: number | null; to: number | null };
  text: Partial<Record<ArrivalTextField, string>>;
}

export interface ArrivalSort {
  field: ArrivalSortField;
  direction: 'ASC' | 'DESC';
}

const likeEscaped = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filtered(db: Knex, f: ArrivalFilter): Knex.QueryBuilder {
  const q = db('arrivals as a').where('a.supplier_id', f.supplierId);
  // Deleted arrivals show only when the status filter asks for them.
  if (!f.statuses.includes(-1)) q.where('a.is_deleted', false);
  if (f.statuses.length) q.whereRaw(`${STATUS_SQL} = ANY(?::int[])`, [f.statuses]);
  if (f.inHouseOn) q.where('a.arrival_date', '<=', f.inHouseOn).where('a.departure_date', '>=', f.inHouseOn);
  if (f.groupId !== null) q.where('a.group_id', f.groupId);
  if (f.salesStaffIds.length) q.whereRaw('a.sales_staff_ids && ?::int[]', [f.salesStaffIds]);
  if (f.hotelIds.length) {
    const real = f.hotelIds.filter((h) => h > 0);
    q.where((w) => {
      if (real.length) w.orWhereIn('a.hotel_id', real);
      if (f.hotelIds.includes(0)) w.orWhereNull('a.hotel_id');
    });
  }
  const range = (col: string, r: DateRange) => {
    if (r.from) q.where(col, '>=', r.from);
    if (r.to) q.where(col, '<=', r.to);
  };
  range('a.meeting_date', f.meetingDate);
  range('a.arrival_date', f.arrivalDate);
  range('a.departure_date', f.departureDate);
  if (f.age.from !== null) q.where('a.age', '>=', f.age.from);
  if (f.age.to !== null) q.where('a.age', '<=', f.age.to);
  for (const [field, value] of Object.entries(f.text)) {
    if (value) q.whereRaw(`lower(${ARRIVAL_TEXT_COLUMNS[field as ArrivalTextField]}) LIKE ?`, [likeEscaped(value)]);
  }
  return q;
}

function sorted(q: Knex.QueryBuilder, sort: ArrivalSort): Knex.QueryBuilder {
  const nulls = sort.direction === 'ASC' ? 'NULLS LAST' : 'NULLS FIRST';
  return q.orderByRaw(`${ARRIVAL_SORT_COLUMNS[sort.field]} ${sort.direction} ${nulls}, a.id ${sort.direction}`);
}

/** The group's meetings ([] for none) and version, read in the statement that reads the row's copied columns: the ones it shows. */
const MEETINGS_JOIN = 'LEFT JOIN LATERAL (SELECT g.meetings, g.version FROM arrival_groups g WHERE g.supplier_id = a.supplier_id AND g.group_id = a.group_id) m ON true';

/**
 * One page of the list, a deferred join: the page's ids in the list's order, then those rows' columns and their
 * groups' meetings (read for the page's rows only; the export, arrivalBatches, has no meetings and reads none).
 */
export async function listArrivals(db: Knex, f: ArrivalFilter, sort: ArrivalSort, page: { offset: number; limit: number }): Promise<{ rows: ArrivalListRow[]; total: number }> {
  const ids = sorted(filtered(db, f).select('a.id'), sort).offset(page.offset).limit(page.limit);
  const [rows, count] = await Promise.all([
    sorted(db('arrivals as a').join(ids.as('p'), 'p.id', 'a.id').joinRaw(MEETINGS_JOIN).select(db.raw(COLUMNS), db.raw(`coalesce(m.meetings, '[]'::jsonb) AS meetings`), db.raw('m.version AS "groupVersion"')), sort) as Promise<ArrivalListRow[]>,
    filtered(db, f).count<{ count: number }[]>('* as count'),
  ]);
  return { rows, total: Number(count[0]?.count ?? 0) };
}

/** The whole filtered set in order, a batch at a time (arrivals.xlsx). */
export function arrivalBatches(db: Knex, f: ArrivalFilter, sort: ArrivalSort): AsyncGenerator<ArrivalRow[]> {
  return cursorBatches<ArrivalRow>(db, sorted(filtered(db, f).select(db.raw(COLUMNS)), sort));
}

/** Whether the supplier has any arrival of the group (the group panel and group info answer 404 otherwise). */
export async function arrivalGroupExists(db: Knex, supplierId: number, groupId: number): Promise<boolean> {
  return !!(await db('arrivals').where({ supplier_id: supplierId, group_id: groupId }).first('id'));
}

/** Spec 02 §3 Group info: id is the group info's id (null before its first save), arrivals the group's arrival ids. */
export interface ArrivalGroupView {
  id: number | null;
  groupId: number;
  groupInfoId: number | null;
  /** The ids of the group's arrivals that are not deleted, ascending. */
  arrivals: number[];
  status: number | null;
  notes: string;
  phoneNumbers: string[];
  hotels: { groupInfoId: number | null; hotelId: number; roomNumber: string }[];
  meetings: { date: string; staffId: number | null; staffName: string; timeStart: number | null; timeEnd: number | null; isNoTime: boolean }[];
  communicationStatus: number;
  numberOfBookings: number;
  version: number | null;
}

/**
 * A group's info with its arrivals; the defaults of a group not saved yet when it has arrivals only; null when the
 * supplier has neither.
 */
export async function findArrivalGroup(db: Knex, supplierId: number, groupId: number): Promise<ArrivalGroupView | null> {
  const [g, arrivals] = await Promise.all([
    db('arrival_groups')
      .where({ supplier_id: supplierId, group_id: groupId })
      .first<Omit<ArrivalGroupView, 'id' | 'arrivals' | 'hotels'> & { hotels: { hotelId: number; roomNumber: string }[] } | undefined>(
        'group_id as groupId', 'group_info_id as groupInfoId', 'status', 'notes', 'phone_numbers as phoneNumbers', 'hotels', 'meetings',
        'comm_status as communicationStatus', 'number_of_bookings as numberOfBookings', 'version',
      ),
    db('arrivals').where({ supplier_id: supplierId, group_id: groupId, is_deleted: false }).orderBy('id').pluck<number[]>('id'),
  ]);
  if (!g) {
    if (!(await arrivalGroupExists(db, supplierId, groupId))) return null;
    return { id: null, groupId, groupInfoId: null, arrivals, status: null, notes: '', phoneNumbers: [], hotels: [], meetings: [], communicationStatus: 0, numberOfBookings: 0, version: null };
  }
  return { ...g, id: g.groupInfoId, arrivals, hotels: g.hotels.map((h) => ({ groupInfoId: g.groupInfoId, ...h })) };
}

export interface GroupLogEntry {
  flag: number;
  note: string;
  byUserId: number | null;
  byName: string;
  at: string;
}

export async function arrivalGroupLog(db: Knex, supplierId: number, groupId: number): Promise<GroupLogEntry[]> {
  const rows = await db('arrival_group_log')
    .where({ supplier_id: supplierId, group_id: groupId })
    .orderBy('id', 'desc')
    .select<{ flag: number; note: string; byUserId: number | null; byName: string; at: Date }[]>('flag', 'note', 'by_user_id as byUserId', 'by_name as byName', 'at');
  return rows.map((r) => ({ ...r, at: new Date(r.at).toISOString() }));
}

/** The hotels the supplier's arrivals stay at (GET /api/hotels/witharrivals), 'No Hotel' (id 0) when some have none. */
export async function hotelsWithArrivals(db: Knex, supplierId: number): Promise<{ id: number; name: string }[]> {
  const rows = await db.raw<{ rows: { id: number | null; name: string }[] }>(
    `SELECT DISTINCT a.hotel_id AS id, coalesce(h.name, '') AS name FROM (SELECT DISTINCT hotel_id FROM arrivals WHERE supplier_id = ? AND NOT is_deleted) a LEFT JOIN hotels h ON h.id = a.hotel_id`,
    [supplierId],
  );
  return rows.rows.map((r) => ({ id: r.id ?? 0, name: r.id === null ? 'No Hotel' : r.name })).sort((x, y) => (x.id === 0 ? -1 : y.id === 0 ? 1 : x.name.localeCompare(y.name)));
}

export interface ArrivalListView {
  id: number;
  name: string;
  version: number;
  count: number;
}

export async function listArrivalLists(db: Knex, supplierId: number): Promise<ArrivalListView[]> {
  return db('arrival_lists as l')
    .where('l.supplier_id', supplierId)
    .select('l.id', 'l.name', 'l.version', db.raw('(SELECT count(*)::int FROM arrivals a WHERE a.list_id = l.id AND NOT a.is_deleted) AS count'))
    .orderBy('l.id', 'desc');
}

/**
 * The supplier's arrival list of this name (case and outer spaces aside), the first made when there are several:
 * manual entries go on in one list instead of a new one each time.
 */
export async function findArrivalListByName(db: Knex, supplierId: number, name: string): Promise<{ id: number } | undefined> {
  return db('arrival_lists').where('supplier_id', supplierId).whereRaw('lower(btrim(name)) = lower(btrim(?))', [name]).orderBy('id').first<{ id: number } | undefined>('id');
}

/** The supplier's staff with the sales role (GET /api/arrivals/sales). */
export async function salesStaff(db: Knex, supplierId: number): Promise<{ id: number; name: string; email: string; phone: string }[]> {
  const rows = await db('users')
    .where('supplier_id', supplierId)
    .whereRaw("'sales' = ANY(roles)")
    .orderByRaw('lower(full_name), id')
    .select<{ id: number; name: string; email: string }[]>('id', 'full_name as name', 'email');
  return rows.map((r) => ({ ...r, phone: '' }));
}
