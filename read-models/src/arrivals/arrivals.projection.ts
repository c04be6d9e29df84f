import type { Knex } from 'knex';
import type { ArrivalGroupEvent, ArrivalListEvent, BookingEvent, StoredArrivalData } from '@tbo/event-schemas';
import { deletedFlag, instant, streamVersion, supplierItemKey } from '../runner/columns';
import { defineProjection, type ProjectionContext } from '../runner/projection';
import { insertOnce, upsertRow } from '../runner/rows';

type Handled = ArrivalListEvent | ArrivalGroupEvent | Extract<BookingEvent, { type: 'BookingCreated' | 'BookingCancelled' | 'BookingDeclined' }>;

/**
 * An arrival's travel and contact details (required text) and the column each is kept in, in the table's order:
 * the table, the rows written and the arrivals list read them through this.
 */
export const ARRIVAL_DETAIL_COLUMNS = {
  touristPhone: 'tourist_phone',
  touristEmail: 'tourist_email',
  touristCountry: 'tourist_country',
  roomType: 'room_type',
  accType: 'acc_type',
  mealType: 'meal_type',
  arrivalFlight: 'arrival_flight',
  arrivalTerminal: 'arrival_terminal',
  arrivalTransport: 'arrival_transport',
  departureFlight: 'departure_flight',
  departureTerminal: 'departure_terminal',
  departureTransport: 'departure_transport',
  pickUpTime: 'pick_up_time',
  hotelConfirmationNumber: 'hotel_confirmation_number',
  agentConfirmationNumber: 'agent_confirmation_number',
} as const satisfies Partial<Record<keyof StoredArrivalData, string>>;

/** The arrival group a row is of: groups are numbered within their supplier. */
function arrivalGroupKey(t: Knex.CreateTableBuilder): void {
  t.integer('supplier_id').notNullable();
  t.integer('group_id').notNullable();
}

/**
 * Arrivals for the arrivals table and the agents' in-house guests. Each arrival row carries its group's info
 * (status, communication, bookings, phones, room, notes, next meeting, sales staff) copied in, so the list at
 * hundreds of thousands of rows filters and sorts on one table without joins; a group change rewrites its few rows.
 */
export const arrivalsProjection = defineProjection<Handled>({
  name: 'arrivals',
  // 2: a declined booking no longer counts as its group's purchase.
  // 3: an arrival moved to another group (or to none) drops the old group's copied info.
  // 4: room_number is the group's room at the arrival's hotel only, no longer the group's first room elsewhere.
  version: 4,
  handles: ['ArrivalListCreated', 'ArrivalsAdded', 'ArrivalsChanged', 'ArrivalsRemoved', 'GroupInfoSaved', 'GroupCommunicationLogged', 'BookingCreated', 'BookingCancelled', 'BookingDeclined'],
  tables: {
    arrival_lists: (t) => {
      supplierItemKey(t);
      t.text('name').notNullable();
      streamVersion(t);
    },
    arrivals: (t) => {
      supplierItemKey(t);
      t.integer('list_id').notNullable();
      t.text('list_name').notNullable().defaultTo('');
      t.text('pax_id').notNullable();
      deletedFlag(t);
      t.boolean('is_manually_entered').notNullable().defaultTo(false);
      t.text('tourist_name').notNullable();
      t.integer('group_id');
      t.integer('hotel_id');
      t.text('hotel_name').notNullable();
      t.integer('agency_id');
      t.text('td_agency_name').notNullable();
      t.date('arrival_date');
      t.text('arrival_time').notNullable();
      t.date('departure_date');
      t.text('departure_time').notNullable();
      t.date('birth_date');
      t.integer('age');
      for (const column of Object.values(ARRIVAL_DETAIL_COLUMNS)) t.text(column).notNullable();
      t.text('arrival_notes').notNullable();
      // The group's, copied in (refreshGroups).
      t.integer('group_info_id');
      t.smallint('group_status');
      t.integer('comm_status').notNullable().defaultTo(0);
      t.integer('number_of_bookings').notNullable().defaultTo(0);
      t.smallint('status').notNullable().defaultTo(0);
      t.specificType('phone_numbers', 'text[]').notNullable().defaultTo('{}');
      t.text('room_number').notNullable().defaultTo('');
      t.text('group_notes').notNullable().defaultTo('');
      t.date('meeting_date');
      t.specificType('sales_staff_ids', 'integer[]').notNullable().defaultTo('{}');
      t.text('sales_staff_names').notNullable().defaultTo('');
    },
    arrival_groups: (t) => {
      arrivalGroupKey(t);
      t.integer('group_info_id');
      t.smallint('status');
      t.text('notes').notNullable().defaultTo('');
      t.jsonb('phone_numbers').notNullable().defaultTo('[]');
      t.jsonb('hotels').notNullable().defaultTo('[]');
      t.jsonb('meetings').notNullable().defaultTo('[]');
      t.integer('comm_status').notNullable().defaultTo(0);
      t.integer('number_of_bookings').notNullable().defaultTo(0);
      t.integer('version');
      t.primary(['supplier_id', 'group_id']);
    },
    arrival_group_log: (t) => {
      t.bigIncrements('id');
      arrivalGroupKey(t);
      t.integer('flag').notNullable();
      t.text('note').notNullable();
      t.integer('by_user_id');
      t.text('by_name').notNullable();
      instant(t, 'at').notNullable();
      t.index(['supplier_id', 'group_id']);
    },
    arrival_group_bookings: (t) => {
      t.integer('booking_id').primary();
      arrivalGroupKey(t);
      t.boolean('is_cancelled').notNullable().defaultTo(false);
    },
  },
  async afterCreate(trx, table) {
    const a = table('arrivals');
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, group_id, id)', [`${a}_supplier_group`, a]);
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, list_id, pax_id)', [`${a}_list_pax`, a]);
    // In House: arrived on or before today and leaving on or after it.
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, departure_date, arrival_date) WHERE NOT is_deleted', [`${a}_stay`, a]);
    await trx.raw('CREATE INDEX ?? ON ?? (hotel_id, agency_id, arrival_date) WHERE NOT is_deleted', [`${a}_in_house`, a]);
    await trx.raw('CREATE INDEX ?? ON ?? USING gin (lower(tourist_name) gin_trgm_ops)', [`${a}_name_trgm`, a]);
  },
  async apply(ctx, event) {
    const { trx, table } = ctx;
    switch (event.type) {
      case 'ArrivalListCreated':
        await upsertRow(trx, table('arrival_lists'), { id: event.data.listId }, { supplier_id: event.data.supplierId, name: event.data.name, version: event.revision });
        return;
      case 'ArrivalsAdded':
      case 'ArrivalsChanged': {
        const d = event.data;
        const list = await trx(table('arrival_lists')).where({ id: d.listId }).first<{ name: string } | undefined>();
        const rows = d.arrivals.map((a) => arrivalRow(d.supplierId, d.listId, list?.name ?? '', a));
        // The group-copied columns are reset with the row and then copied from the arrival's (possibly new) group:
        // an arrival moved to another group, or to none, keeps nothing of the one it left.
        await trx(table('arrivals')).insert(rows).onConflict('id').merge(Object.keys(rows[0]!).filter((k) => k !== 'id' && k !== 'is_manually_entered'));
        await trx(table('arrival_lists')).where({ id: d.listId }).update({ version: event.revision });
        await refreshGroups(ctx, d.supplierId, [...new Set(d.arrivals.map((a) => a.groupId).filter((g): g is number => g !== null))], d.arrivals.map((a) => a.id));
        return;
      }
      case 'ArrivalsRemoved':
        await trx(table('arrivals')).whereIn('id', event.data.ids).update({ is_deleted: true, status: -1 });
        await trx(table('arrival_lists')).where({ id: event.data.listId }).update({ version: event.revision });
        return;
      case 'GroupInfoSaved': {
        const d = event.data;
        const columns = {
          group_info_id: d.groupInfoId,
          status: d.status,
          notes: d.notes,
          phone_numbers: JSON.stringify(d.phoneNumbers),
          hotels: JSON.stringify(d.hotels),
          meetings: JSON.stringify(d.meetings),
          version: event.revision,
        };
        await upsertRow(trx, table('arrival_groups'), { supplier_id: d.supplierId, group_id: d.groupId }, columns);
        await refreshGroups(ctx, d.supplierId, [d.groupId]);
        return;
      }
      case 'GroupCommunicationLogged': {
        const d = event.data;
        await trx(table('arrival_group_log')).insert({ supplier_id: d.supplierId, group_id: d.groupId, flag: d.flag, note: d.note, by_user_id: d.byUserId, by_name: d.byName, at: d.at });
        await trx.raw(
          `INSERT INTO ?? AS g (supplier_id, group_id, group_info_id, comm_status, version) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (supplier_id, group_id) DO UPDATE SET comm_status = g.comm_status | EXCLUDED.comm_status, group_info_id = EXCLUDED.group_info_id, version = EXCLUDED.version`,
          [table('arrival_groups'), d.supplierId, d.groupId, d.groupInfoId, d.flag, event.revision],
        );
        await refreshGroups(ctx, d.supplierId, [d.groupId]);
        return;
      }
      case 'BookingCreated': {
        const d = event.data;
        if (d.arrivalGroupId === null) return;
        await insertOnce(trx, table('arrival_group_bookings'), { booking_id: d.id, supplier_id: d.supplierId, group_id: d.arrivalGroupId }, 'booking_id');
        await countBookings(ctx, d.supplierId, d.arrivalGroupId);
        return;
      }
      // A declined booking ends cancelled too: the group did not buy it.
      case 'BookingCancelled':
      case 'BookingDeclined': {
        const updated = await trx(table('arrival_group_bookings')).where({ booking_id: event.data.id }).update({ is_cancelled: true }).returning<{ supplier_id: number; group_id: number }[]>(['supplier_id', 'group_id']);
        for (const u of updated) await countBookings(ctx, u.supplier_id, u.group_id);
        return;
      }
    }
  },
});

function arrivalRow(supplierId: number, listId: number, listName: string, a: StoredArrivalData) {
  return {
    id: a.id,
    supplier_id: supplierId,
    list_id: listId,
    list_name: listName,
    pax_id: a.paxId,
    is_deleted: false,
    status: 0,
    is_manually_entered: a.isManuallyEntered,
    tourist_name: a.touristName,
    group_id: a.groupId,
    hotel_id: a.hotelId,
    hotel_name: a.hotelName,
    agency_id: a.agencyId,
    td_agency_name: a.tdAgencyName,
    arrival_date: a.arrivalDate,
    arrival_time: a.arrivalTime,
    departure_date: a.departureDate,
    departure_time: a.departureTime,
    birth_date: a.birthDate,
    age: a.age,
    ...Object.fromEntries(Object.entries(ARRIVAL_DETAIL_COLUMNS).map(([field, column]) => [column, a[field as keyof typeof ARRIVAL_DETAIL_COLUMNS]])),
    arrival_notes: a.notes,
    ...NO_GROUP_INFO,
  };
}

/** The group-copied columns of an arrival of no group (or of one without info yet): refreshGroups fills them from its group. */
const NO_GROUP_INFO = {
  group_info_id: null,
  group_status: null,
  comm_status: 0,
  number_of_bookings: 0,
  phone_numbers: [] as string[],
  room_number: '',
  group_notes: '',
  meeting_date: null,
  sales_staff_ids: [] as number[],
  sales_staff_names: '',
};

async function countBookings({ trx, table }: ProjectionContext, supplierId: number, groupId: number): Promise<void> {
  await trx.raw(
    `INSERT INTO ?? AS g (supplier_id, group_id, number_of_bookings)
     SELECT ?, ?, count(*) FROM ?? WHERE supplier_id = ? AND group_id = ? AND NOT is_cancelled
     ON CONFLICT (supplier_id, group_id) DO UPDATE SET number_of_bookings = EXCLUDED.number_of_bookings`,
    [table('arrival_groups'), supplierId, groupId, table('arrival_group_bookings'), supplierId, groupId],
  );
  await refreshGroups({ trx, table }, supplierId, [groupId]);
}

/**
 * Copies the groups' info into their arrivals (or only into `onlyIds` of them, after an import). The status
 * column follows arrivalStatusNumber (modules/arrivals pure code): deleted, purchased with bookings, else the
 * group's status, pending without one. The room is the group's room at the arrival's own hotel (hotel 0, 'No Hotel',
 * for an arrival without one: the table's row editor saves its room there), none when the group has no room there:
 * a room number belongs to a hotel, and another hotel's would be shown and booked as this one's.
 */
async function refreshGroups({ trx, table }: { trx: Knex.Transaction; table: (n: string) => string }, supplierId: number, groupIds: number[], onlyIds?: number[]): Promise<void> {
  if (!groupIds.length && !onlyIds?.length) return;
  const a = table('arrivals');
  const g = table('arrival_groups');
  const where = onlyIds ? 'a.id = ANY(?::int[])' : 'a.group_id = ANY(?::int[])';
  await trx.raw(
    `UPDATE ?? AS a SET
       group_info_id = g.group_info_id,
       group_status = g.status,
       comm_status = coalesce(g.comm_status, 0),
       number_of_bookings = coalesce(g.number_of_bookings, 0),
       status = CASE WHEN a.is_deleted THEN -1 WHEN coalesce(g.number_of_bookings, 0) > 0 THEN 5 ELSE coalesce(g.status, 0) END,
       phone_numbers = coalesce(ARRAY(SELECT jsonb_array_elements_text(g.phone_numbers)), '{}'),
       room_number = coalesce((SELECT h->>'roomNumber' FROM jsonb_array_elements(g.hotels) h WHERE (h->>'hotelId')::int = coalesce(a.hotel_id, 0) LIMIT 1), ''),
       group_notes = coalesce(g.notes, ''),
       meeting_date = (SELECT min((m->>'date')::date) FROM jsonb_array_elements(g.meetings) m),
       sales_staff_ids = coalesce(ARRAY(SELECT DISTINCT (m->>'staffId')::int FROM jsonb_array_elements(g.meetings) m WHERE m->>'staffId' IS NOT NULL), '{}'),
       sales_staff_names = coalesce((SELECT string_agg(DISTINCT m->>'staffName', ', ') FROM jsonb_array_elements(g.meetings) m WHERE m->>'staffName' <> ''), '')
     FROM ?? AS g
     WHERE a.supplier_id = ? AND g.supplier_id = a.supplier_id AND g.group_id = a.group_id AND ${where}`,
    [a, g, supplierId, onlyIds ?? groupIds],
  );
}
