import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { itReplaysTwice, projectionSpec, type Row } from '../testing/projection-spec.testing';
import { bookingsProjection } from './bookings.projection';

const spec = projectionSpec(bookingsProjection);

const KEY = { id: 1001, supplierId: 1 };
const booking = eventStream('booking-1001');
const createdData = { ...exampleOf('BookingCreated'), phones: ['+971501234567', ' ', '+971509999999'], status: 1, responseDueAt: '2026-11-30T05:00:00.000Z', ticketsRequired: true };
const recordedAt = new Date('2026-03-01T08:00:00.123Z');
const created = booking.event('BookingCreated', createdData, { recordedAt });
const confirmed = booking.event('BookingConfirmed', KEY);
const amended = booking.event('BookingGuestAmended', {
  ...exampleOf('BookingGuestAmended'),
  ...KEY,
  guestName: 'Ivan Petrov',
  roomNumber: '77',
  phones: ['+70000000001'],
  hotelId: null,
  customHotelName: 'Villa 9',
  hotelName: 'Villa 9',
  regionId: null,
  regionName: '',
  pickUpTimeStart: null,
  pickUpTimeEnd: null,
  voucher: 'V-77',
  notes: 'Late check-in',
});
const rescheduledData = exampleOf<Record<string, unknown>>('BookingRescheduled');
const rescheduled = booking.event('BookingRescheduled', {
  ...rescheduledData,
  ...KEY,
  date: '2026-12-05',
  timeSlotName: 'Evening',
  startTime: 960,
  adults: 4,
  children: 0,
  infants: 2,
  foc: 1,
  seats: 5,
  totals: { totalUsd: 400, totalAed: 1460, netUsd: 320, netAed: 1168, grossSales: 400, agencyReceivable: 80 },
  pickUpTimeStart: 900,
  pickUpTimeEnd: 930,
  responseDueAt: null,
  status: 0,
});
const cancelled = booking.event('BookingCancelled', exampleOf('BookingCancelled'));
const completed = booking.event('BookingCompleted', KEY);
const allocated = booking.event('BookingTicketsAllocated', exampleOf('BookingTicketsAllocated'));
const returned = booking.event('BookingTicketsReturned', exampleOf('BookingTicketsReturned'));
const short = booking.event('BookingTicketsShort', exampleOf('BookingTicketsShort'));

const declinedStream = eventStream('booking-1002');
const created2 = declinedStream.event('BookingCreated', { ...createdData, id: 1002, status: 1 });
const declined = declinedStream.event('BookingDeclined', { ...exampleOf('BookingDeclined'), id: 1002, supplierId: 1 });

/** What Postgres keeps in search_text: the free text's eight columns lower-cased, joined by the unit separator. */
const withSearchText = (r: Row): Row => ({
  ...r,
  search_text: [r.guest_name, r.voucher, r.room, r.tel, r.tour_name, r.offer_name, r.custom_hotel_name || r.hotel_name, r.notes].join('\u001f').toLowerCase(),
});

const createdRow = (over: Row = {}): Row => withSearchText({
  id: 1001,
  supplier_id: 1,
  agency_id: 1,
  agent_id: 7,
  staff_agent_id: null,
  channel: 'backoffice',
  date: expect.any(Date),
  booked_at: recordedAt,
  tour_id: 1,
  tour_name: 'Desert Safari',
  offer_id: 1,
  offer_name: 'Desert Safari — Standard',
  time_slot_id: 3,
  time_slot_name: 'Morning',
  start_time: 540,
  end_time: 780,
  hotel_id: 4,
  hotel_name: 'Atlantis The Palm',
  custom_hotel_name: null,
  region_name: 'Palm Jumeirah',
  pick_up_start: 480,
  pick_up_end: 510,
  guest_name: 'Anna Smirnova',
  room: '1204',
  tel: '+971501234567, +971509999999',
  ad: 2,
  ch: 1,
  inf: 1,
  foc: 0,
  paid: '50.00',
  paid_to: 'agency',
  collect: '200.00',
  collect_to: 'supplier',
  gross_sales: '250.00',
  agency_receivable: '50.00',
  net_usd: '200.00',
  total_usd: '250.00',
  total_aed: '912.50',
  voucher: 'V-1001',
  notes: '',
  status: 1,
  declined: false,
  response_due_at: new Date('2026-11-30T05:00:00.000Z'),
  tickets_required: true,
  tickets_allocated: false,
  arrival_group_id: null,
  version: 0,
  ...over,
});

/** The business date of a row as YYYY-MM-DD (pg gives a date column as local midnight). */
const dateOf = (row: Row | undefined) => {
  const d = row?.date as Date;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

describe('bookings projection', () => {
  it('makes one row with every list column from BookingCreated; booked_at is when the store recorded it', async () => {
    const tables = await spec.given().when(created).tables();
    expect(tables.bookings).toEqual([createdRow()]);
    expect(dateOf(tables.bookings![0])).toBe('2026-12-01');
    expect(tables.bookings![0]!.search_text).toBe('anna smirnova\u001fv-1001\u001f1204\u001f+971501234567, +971509999999\u001fdesert safari\u001fdesert safari — standard\u001fatlantis the palm\u001f');
  });

  it("keeps the channel: an OCTO reseller's booking (its agency, no agent) says so", async () => {
    const octo = eventStream('booking-1003').event('BookingCreated', { ...createdData, id: 1003, agencyId: 5, agentId: null, channel: 'octo' });
    expect((await spec.given().when(octo).tables()).bookings).toEqual([expect.objectContaining({ id: 1003, agency_id: 5, agent_id: null, channel: 'octo' })]);
  });

  it('does not handle the voided seat claim: a stream holding only it never becomes a booking', () => {
    expect(bookingsProjection.handles).not.toContain('BookingSeatClaimVoided');
  });

  it('confirming, cancelling and completing move the status and the version', async () => {
    await spec.given(created).when(confirmed).then({ bookings: [createdRow({ status: 0, version: 1 })] });
    await spec.given(created, confirmed, amended, rescheduled).when(cancelled).then({ bookings: [expect.objectContaining({ status: 4, declined: false, version: 4 })] });
    await spec.given(created, confirmed, amended, rescheduled, cancelled).when(completed).then({ bookings: [expect.objectContaining({ status: 5, version: 5 })] });
  });

  it("the worker's ticket records: codes allocated and returned, or too few (back to pending); the version an edit sends stays", async () => {
    await spec.given(created, confirmed).when(allocated).then({ bookings: [createdRow({ status: 0, version: 1, tickets_allocated: true })] });
    await spec.given(created, confirmed, allocated).when(returned).then({ bookings: [createdRow({ status: 0, version: 1, tickets_allocated: false })] });
    await spec.given(created, confirmed).when(short).then({ bookings: [createdRow({ status: 1, version: 1 })] });
  });

  it('a declined booking shows as cancelled, marked declined (a cancelled one is not)', () =>
    spec.given(created2).when(declined).then({ bookings: [createdRow({ id: 1002, status: 4, declined: true, version: 1, booked_at: expect.any(Date) })] }));

  it('amending the guest restates the guest, phones, hotel, pick-up, voucher and notes', () =>
    spec.given(created, confirmed).when(amended).then({
      bookings: [
        createdRow({
          status: 0,
          guest_name: 'Ivan Petrov',
          room: '77',
          tel: '+70000000001',
          hotel_id: null,
          custom_hotel_name: 'Villa 9',
          hotel_name: 'Villa 9',
          region_name: '',
          pick_up_start: null,
          pick_up_end: null,
          voucher: 'V-77',
          notes: 'Late check-in',
          version: 2,
        }),
      ],
    }));

  it('rescheduling restates the date, slot, counts, totals, pick-up and status', async () => {
    const tables = await spec.given(created).when(rescheduled).tables();
    expect(tables.bookings).toEqual([
      createdRow({
        time_slot_name: 'Evening',
        start_time: 960,
        ad: 4,
        ch: 0,
        inf: 2,
        foc: 1,
        gross_sales: '400.00',
        agency_receivable: '80.00',
        net_usd: '320.00',
        total_usd: '400.00',
        total_aed: '1460.00',
        pick_up_start: 900,
        pick_up_end: 930,
        response_due_at: null,
        status: 0,
        version: rescheduled.revision,
      }),
    ]);
    expect(dateOf(tables.bookings![0])).toBe('2026-12-05');
  });

  it('a batch with the creation and its changes (a catch-up) ends as the events one by one do', async () => {
    const oneByOne = await spec.given(created, confirmed, amended).when(rescheduled, created2, declined).tables();
    const batch = await spec.given().when(created, confirmed, amended, rescheduled, created2, declined).tables();
    expect(batch).toEqual(oneByOne);
    expect(batch.bookings!.map((r) => [r.id, r.status])).toEqual([
      [1001, 0],
      [1002, 4],
    ]);
  });

  describe('replaying the same event twice', () => {
    itReplaysTwice(spec, [
      ['BookingCreated', [], created],
      ['BookingConfirmed', [created], confirmed],
      ['BookingGuestAmended', [created, confirmed], amended],
      ['BookingRescheduled', [created, confirmed, amended], rescheduled],
      ['BookingCancelled', [created, confirmed, amended, rescheduled], cancelled],
    ]);

    it('an older change replayed after a newer one is skipped', async () => {
      const { before, after } = await spec.given(created, confirmed, amended, rescheduled, cancelled).when(confirmed).beforeAndAfter();
      expect(after).toEqual(before);
    });
  });
});
