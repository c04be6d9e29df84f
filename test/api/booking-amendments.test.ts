import { BOOKING_MESSAGES, type BookingView } from '@tbo/booking';
import { addDays } from '@tbo/scheduling';
import { contentOf } from '../support/api';
import { bookableSuite, bookingBody, versionOf } from '../support/booking';

/*
 * What an agent may send with a new booking, and what operations' later changes keep: free places, the AED twins of
 * the amounts, amendments that name their version and change only what they send, the pick-up hotel, the amount to
 * collect after a change of price, and fewer guests on a date closed for sale. Worked-example prices: adult 100 USD.
 */
describe('booking amendments', () => {
  const { api, s } = bookableSuite({ capacity: 20 });
  const content = <T>(res: { status: number; body: unknown }): T => contentOf<T>(res);
  const book = async (over: Record<string, unknown> = {}) => content<{ id: number }>(await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, over))).id;
  /** The booking as its agent reads it, once the details read model has it. */
  const view = async (id: number) => {
    const created = await api.store.readStream(`booking-${id}`);
    await api.settled('booking_details', created[created.length - 1]!.position);
    return content<BookingView>(await api.http.get(`/api/agent/bookings/${id}`).set(s.agent));
  };
  const post = async (id: number, verb: 'amend' | 'reschedule', body: Record<string, unknown>) => api.http.post(`/api/bookings/${id}/${verb}`).set(s.operations).send({ ...body, version: await versionOf(api, id) });

  it('refuses free of charge places from an agent, and AED amounts that are not the USD ones at the rate', async () => {
    const foc = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { foc: 5 }));
    expect(foc.status).toBe(400);
    expect(foc.body).toMatchObject({ IsOk: false, ErrorMessage: BOOKING_MESSAGES.focSupplierOnly });
    const aed = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { paid: 10, paidOrig: 999, collect: 35, collectOrig: 127.75 }));
    expect(aed.status).toBe(400);
    expect(aed.body.ErrorMessage).toBe(BOOKING_MESSAGES.paymentNotLinked);
    expect(aed.body.Content.errors).toEqual({ paidOrig: [BOOKING_MESSAGES.paymentNotLinked] });
    // Linked as the form links them: kept as sent.
    const id = await book({ paid: 10, paidOrig: 36.5, collect: 90, collectOrig: 328.5 });
    expect(await view(id)).toMatchObject({ foc: 0, paid: 10, paidOrig: 36.5, collect: 90, collectOrig: 328.5 });
  });

  it('needs the version the form was opened on, and changes only the fields sent', async () => {
    const id = await book({ guestName: 'Anna Keep', notes: 'Window seat', voucherNumber: 'V-KEEP' });
    const unversioned = await api.http.post(`/api/bookings/${id}/amend`).set(s.operations).send({ notes: 'Aisle seat' });
    expect(unversioned.status).toBe(400);
    expect(unversioned.body.ErrorMessage).toContain(BOOKING_MESSAGES.versionRequired);
    const unversionedMove = await api.http.post(`/api/bookings/${id}/reschedule`).set(s.operations).send({ date: s.date, timeSlotId: s.timeSlotId, adults: 2 });
    expect(unversionedMove.status).toBe(400);

    const amended = content<BookingView>(await post(id, 'amend', { roomNumber: '303' }));
    expect(amended).toMatchObject({ guestName: 'Anna Keep', roomNumber: '303', notes: 'Window seat', voucher: 'V-KEEP', phones: ['+971501234567'], hotelId: s.hotelId });
  });

  it('takes the pick-up hotel as a new booking does: no hotel needs a custom name, which then names the hotel', async () => {
    const id = await book();
    const none = await post(id, 'amend', { hotelId: 0 });
    expect(none.status).toBe(400);
    expect(none.body.ErrorMessage).toBe(BOOKING_MESSAGES.hotel);
    const custom = content<BookingView>(await post(id, 'amend', { hotelId: 0, customHotelName: ' Villa 12, Emirates Hills ' }));
    expect(custom).toMatchObject({ hotelId: null, customHotelName: 'Villa 12, Emirates Hills', hotelName: 'Villa 12, Emirates Hills', regionId: null, pickUpTimeStart: null });
  });

  it('moves the amount to collect by the change of price, never below 0, and the history shows it', async () => {
    const date = addDays(s.date, 1);
    const id = await book({ date, adults: 2, paid: 20, paidOrig: 73, collect: 180, collectOrig: 657 });
    const fewer = content<BookingView & { differenceUsd: number }>(await post(id, 'reschedule', { date, timeSlotId: s.timeSlotId, adults: 1 }));
    expect(fewer).toMatchObject({ differenceUsd: -100, paid: 20, collect: 80, collectOrig: 292 });
    const more = content<BookingView>(await post(id, 'reschedule', { date, timeSlotId: s.timeSlotId, adults: 3 }));
    expect(more).toMatchObject({ collect: 280, collectOrig: 1022 });
    // Paid up front beyond the new price: nothing left to collect.
    const prepaid = await book({ date, adults: 3, paid: 250, paidOrig: 912.5, collect: 50, collectOrig: 182.5 });
    expect(content<BookingView>(await post(prepaid, 'reschedule', { date, timeSlotId: s.timeSlotId, adults: 1 }))).toMatchObject({ paid: 250, collect: 0, collectOrig: 0 });
    // Back to three: the 150 paid beyond the lower price counts first, so the guest owes the 50 of the first booking.
    expect(content<BookingView>(await post(prepaid, 'reschedule', { date, timeSlotId: s.timeSlotId, adults: 3 }))).toMatchObject({ paid: 250, collect: 50, collectOrig: 182.5 });
    // AED agreed a cent off the conversion (25.21 × 3.65 = 92.02): fewer guests and back ask for the 92.00 agreed.
    const agreed = await book({ date, adults: 2, paid: 174.79, paidOrig: 638, collect: 25.21, collectOrig: 92 });
    const one = content<BookingView>(await post(agreed, 'reschedule', { date, timeSlotId: s.timeSlotId, adults: 1 }));
    expect(one).toMatchObject({ collect: 0, collectOrig: 0, paidBeyondPriceUsd: 74.79, paidBeyondPriceAed: 273 });
    expect(content<BookingView>(await post(agreed, 'reschedule', { date, timeSlotId: s.timeSlotId, adults: 2 }))).toMatchObject({ collect: 25.21, collectOrig: 92, paidBeyondPriceUsd: 0 });

    const history = content<{ type: string; changes: { field: string; before: unknown; after: unknown }[] }[]>(await api.http.get(`/api/bookings/${id}/history`).set(s.accounts));
    // Both currencies, as the invoice prints them.
    expect(history[1]!.changes).toEqual(expect.arrayContaining([{ field: 'collect', before: 180, after: 80 }, { field: 'collectOrig', before: 657, after: 292 }]));
    expect(history[0]!.changes).toEqual(expect.arrayContaining([{ field: 'paidOrig', before: null, after: 73 }, { field: 'collectTo', before: null, after: expect.stringMatching(/^(agency|supplier)$/) }]));
  });

  it('lets operations take guests off a date closed for sale, and no more on', async () => {
    const date = addDays(s.date, 2);
    const id = await book({ date, adults: 3 });
    const close = await api.http.post('/api/availability/close').set(s.admin).send({ groupId: s.groupId, date });
    expect(close.status).toBe(200);
    const more = await post(id, 'reschedule', { date, timeSlotId: s.timeSlotId, adults: 4 });
    expect(more.status).toBe(400);
    expect(more.body.ErrorMessage).toBe('This date is closed for sale');
    expect(content<BookingView>(await post(id, 'reschedule', { date, timeSlotId: s.timeSlotId, adults: 2 }))).toMatchObject({ adults: 2, seats: 2 });
    // The old claim goes back once the change is recorded: the grid then counts the two seats left on the closed date.
    const dayOf = async () => {
      const grid = content<{ rows: { groupId: number; days: { date: string; taken: number; closed: boolean }[] }[] }>(await api.http.get(`/api/availability?from=${date}&days=1`).set(s.admin));
      return grid.rows.find((r) => r.groupId === s.groupId)!.days[0]!;
    };
    const until = Date.now() + 10_000;
    while ((await dayOf()).taken !== 2 && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await dayOf()).toMatchObject({ date, taken: 2, closed: true });
  });

  it("keeps the tour's name as sold on a booking's row, and finds it by the tour's new name too", async () => {
    const id = await book({ guestName: 'Rita Rename' });
    const tour = content<Record<string, unknown>>(await api.http.get(`/api/tours/manage/${s.tourId}`).set(s.admin));
    const renamed = content<{ position: string }>(await api.http.put('/api/tours').set(s.admin).send({ ...tour, nameDisplay: 'Zephyr Dunes' }));
    await api.settled('tours', renamed.position);
    const events = await api.store.readStream(`booking-${id}`);
    await api.settled('bookings', events[events.length - 1]!.position);
    const find = async (text: string) =>
      content<{ entities: { id: number; tourName: string }[] }>(await api.http.post('/api/bookings/operations').set(s.operations).send({ from: s.date, to: s.date, filters: { tour: text, guestName: 'Rita Rename' } })).entities;
    expect(await find('zephyr')).toEqual([expect.objectContaining({ id, tourName: 'Booking Tour' })]);
    expect((await find('Booking Tour')).map((r) => r.id)).toEqual([id]);
    expect(await find('Nowhere')).toEqual([]);
  });
});

