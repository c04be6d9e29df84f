import type { BookingCreatedData, BookingEvent, RecordedOf } from '@tbo/event-schemas';
import { instant, money, streamVersion, supplierItemKey } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { createdThenChanged } from '../runner/created-then-changed';
import { SEARCH_TEXT_SQL } from './bookings-search';
import * as booking from './booking-facts';

/**
 * One row per booking with every column the operator list, the agent lists and the header search show, so a
 * page is read from this table alone. A stream holding only `BookingSeatClaimVoided` never wrote a booking:
 * that event is not handled, so it makes no row.
 *
 * Each later event updates the row only when its revision is above the row's version: a replayed event
 * changes nothing. `BookingCreated` inserts with ON CONFLICT DO NOTHING for the same reason, and a batch of
 * them (a catch-up) goes in as multi-row inserts.
 */

type BookingRow = Record<string, unknown>;
type Recorded = RecordedOf<BookingEvent>;

/** The worker's ticket records: they change what a row shows, not the booking a person edits (its version stays). */
const TICKET_EVENTS = ['BookingTicketsAllocated', 'BookingTicketsReturned', 'BookingTicketsShort'] as const;
const HANDLED = ['BookingCreated', 'BookingConfirmed', 'BookingDeclined', 'BookingCancelled', 'BookingGuestAmended', 'BookingRescheduled', 'BookingCompleted', ...TICKET_EVENTS] as const;

/** Rows per INSERT: ~50 columns each stays far below Postgres's 65,535 bind parameters. */
const INSERT_CHUNK = 500;

const phonesText = (phones: readonly string[]) => phones.filter((p) => p.trim() !== '').join(', ');

function pickUpColumns(d: { hotelId: number | null; customHotelName: string | null; hotelName: string; regionName: string; pickUpTimeStart: number | null; pickUpTimeEnd: number | null }): BookingRow {
  return {
    hotel_id: d.hotelId,
    hotel_name: d.hotelName,
    custom_hotel_name: d.customHotelName,
    region_name: d.regionName,
    pick_up_start: d.pickUpTimeStart,
    pick_up_end: d.pickUpTimeEnd,
  };
}

function totalsColumns(d: Pick<BookingCreatedData, 'totals'>): BookingRow {
  return {
    gross_sales: d.totals.grossSales,
    agency_receivable: d.totals.agencyReceivable,
    net_usd: d.totals.netUsd,
    total_usd: d.totals.totalUsd,
    total_aed: d.totals.totalAed,
  };
}

function scheduleColumns(d: Parameters<typeof booking.departureColumns>[0]): BookingRow {
  return { ...booking.departureColumns(d), end_time: d.endTime, ...totalsColumns(d) };
}

/** The row BookingCreated makes. */
export function createdRow(event: booking.BookingCreatedEvent): BookingRow {
  const d = event.data;
  return {
    ...booking.bookedColumns(event),
    ...scheduleColumns(d),
    ...pickUpColumns(d),
    guest_name: d.guestName,
    room: d.roomNumber,
    tel: phonesText(d.phones),
    paid: d.paid,
    paid_to: d.paidTo,
    collect: d.collect,
    collect_to: d.collectTo,
    voucher: d.voucher,
    notes: d.notes,
    status: d.status,
    response_due_at: d.responseDueAt,
    tickets_required: d.ticketsRequired,
    arrival_group_id: d.arrivalGroupId,
    version: event.revision,
  };
}

/** The columns a later event changes (undefined for BookingCreated). */
function changedColumns(event: Recorded): BookingRow | undefined {
  switch (event.type) {
    case 'BookingConfirmed':
      return { status: booking.BOOKING_STATUS.normal };
    case 'BookingDeclined':
      return { status: booking.BOOKING_STATUS.cancelled, declined: true };
    case 'BookingCancelled':
      return { status: booking.BOOKING_STATUS.cancelled };
    case 'BookingCompleted':
      return { status: booking.BOOKING_STATUS.completed };
    case 'BookingGuestAmended': {
      const d = event.data;
      return { guest_name: d.guestName, room: d.roomNumber, tel: phonesText(d.phones), voucher: d.voucher, notes: d.notes, ...pickUpColumns(d) };
    }
    case 'BookingRescheduled': {
      const d = event.data;
      return { ...scheduleColumns(d), pick_up_start: d.pickUpTimeStart, pick_up_end: d.pickUpTimeEnd, response_due_at: d.responseDueAt, status: d.status, ...(d.collect === undefined ? {} : { collect: d.collect }) };
    }
    case 'BookingTicketsAllocated':
      return { tickets_allocated: true };
    case 'BookingTicketsReturned':
      return { tickets_allocated: false };
    case 'BookingTicketsShort':
      // Not enough codes: back to pending until operations confirm it again (as the booking's own view).
      return { status: booking.BOOKING_STATUS.pending };
    default:
      return undefined;
  }
}

export const bookingsProjection = defineProjection<BookingEvent>({
  name: 'bookings',
  // 3: the channel (back office or OCTO) the lists show. 4: whether a cancelled booking was declined (no documents).
  version: 4,
  handles: [...HANDLED],
  tables: {
    bookings: (t) => {
      supplierItemKey(t);
      booking.bookedByColumns(t);
      t.text('channel').notNullable().defaultTo('backoffice');
      t.date('date').notNullable();
      instant(t, 'booked_at').notNullable();
      booking.tourAndOfferColumns(t);
      booking.bookedSlotColumns(t);
      t.integer('end_time');
      t.integer('hotel_id');
      t.text('hotel_name').notNullable();
      t.text('custom_hotel_name');
      t.text('region_name').notNullable();
      t.integer('pick_up_start');
      t.integer('pick_up_end');
      t.text('guest_name').notNullable();
      t.text('room').notNullable();
      t.text('tel').notNullable();
      booking.guestCountColumns(t);
      money(t, 'paid');
      t.text('paid_to').notNullable();
      money(t, 'collect');
      t.text('collect_to').notNullable();
      money(t, 'gross_sales');
      money(t, 'agency_receivable');
      money(t, 'net_usd');
      money(t, 'total_usd');
      money(t, 'total_aed');
      t.text('voucher').notNullable();
      t.text('notes').notNullable();
      t.smallint('status').notNullable();
      // Declined bookings show status 4 (Cancelled) as §4 says, but never had documents to download.
      t.boolean('declined').notNullable().defaultTo(false);
      instant(t, 'response_due_at');
      t.boolean('tickets_required').notNullable();
      t.boolean('tickets_allocated').notNullable().defaultTo(false);
      t.integer('arrival_group_id');
      streamVersion(t);
      // The agent lists' free text, kept by Postgres (see bookings-search.ts).
      t.specificType('search_text', `text GENERATED ALWAYS AS (${SEARCH_TEXT_SQL}) STORED`);
    },
  },
  async afterCreate(trx, table) {
    const b = table('bookings');
    // The operator list: a supplier's date window in date order. Status, the counts, booked_at and the guest name
    // ride along, so the count and the sums of a window (with or without a status filter) and a page in any of
    // those orders (a top-N sort of the window) are index-only scans.
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, date, id) INCLUDE (status, ad, ch, inf, foc, booked_at, guest_name)', [`${b}_supplier_date`, b]);
    // The agent lists. An agency admin's by date; the agent and the free text ride along, so 'Only my bookings'
    // and a text search, their pages and counts, never read the table.
    await trx.raw('CREATE INDEX ?? ON ?? (agency_id, date, id) INCLUDE (agent_id, search_text) WHERE agency_id IS NOT NULL', [`${b}_agency_date`, b]);
    // One agent's, by date, and its count.
    await trx.raw('CREATE INDEX ?? ON ?? (agency_id, agent_id, date, id) WHERE agent_id IS NOT NULL', [`${b}_agency_agent_date`, b]);
    // An agency's by guest name (the other sorts are top-N sorts of the agency's rows).
    await trx.raw('CREATE INDEX ?? ON ?? (agency_id, lower(guest_name), id) WHERE agency_id IS NOT NULL', [`${b}_agency_guest`, b]);
    // The supplier's staff agents'.
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, staff_agent_id, date, id) WHERE staff_agent_id IS NOT NULL', [`${b}_staff_date`, b]);
    await trx.raw('CREATE INDEX ?? ON ?? (arrival_group_id) WHERE arrival_group_id IS NOT NULL', [`${b}_arrival_group`, b]);
    // The header search finds a booking by guest name or voucher anywhere in the text, over every date.
    await trx.raw('CREATE INDEX ?? ON ?? USING gin (lower(guest_name) gin_trgm_ops)', [`${b}_guest_trgm`, b]);
    await trx.raw('CREATE INDEX ?? ON ?? USING gin (lower(voucher) gin_trgm_ops)', [`${b}_voucher_trgm`, b]);
  },
  ...createdThenChanged<Recorded, 'BookingCreated'>('bookings', {
    createdType: 'BookingCreated',
    chunk: INSERT_CHUNK,
    rowOf: createdRow,
    changedColumns,
    keepsVersion: (event) => (TICKET_EVENTS as readonly string[]).includes(event.type),
  }),
});
