import { CommandBus } from '@nestjs/cqrs';
import { BOOKING_MESSAGES, SignContractCommand } from '@tbo/booking';
import { systemContext } from '@tbo/kernel';
import { addDays } from '@tbo/scheduling';
import { bearer, contentOf, tokenFor } from '../support/api';
import { bookableSuite, bookingBody } from '../support/booking';
import { registerTenants } from '../support/identity';

type Guest = { arrivalId: number; guestName: string; groupId: number | null; groupInfoId: number | null; roomNumber: string; phoneNumbers: string[] };

/*
 * The in-house guest an agent books (spec 02 §4 add booking flow): what /api/agent/customers/inHouse and /groupInfo
 * give the form, a room number only ever the one at the hotel asked about, and the server linking a booking to an
 * arrival only when that guest stays at the booked hotel on the booked date.
 */
describe('the in-house guest of a new booking: what the chooser gives, and the link the server accepts', () => {
  const { api, s } = bookableSuite({ capacity: 20 });
  let manager: Record<string, string>;
  let otherHotelId: number;
  let last = '';
  /** The guest's stay: arrives the day after the setup's date, leaves two days later. */
  const stay = () => ({ arrivalDate: addDays(s.date, 1), departureDate: addDays(s.date, 3) });

  const arrive = async (body: Record<string, unknown>) => {
    last = contentOf<{ position: string }>(await api.http.post('/api/arrivals/manual').set(manager).send({ listName: 'In house', agencyId: s.agencyId, ...stay(), ...body })).position;
    expect(await api.settled('arrivals', last)).toBe(true);
  };
  const inHouse = async (hotelId: number, date: string) => contentOf<Guest[]>(await api.http.get('/api/agent/customers/inHouse').query({ hotelId, date }).set(s.agent));
  const guest = async (name: string, hotelId = s.hotelId, date = addDays(s.date, 2)) => (await inHouse(hotelId, date)).find((g) => g.guestName === name)!;
  const seatsLeft = async (date: string) => {
    const tours = contentOf<{ id: number; offers: { id: number; timeSlots: { id: number; seatsLeft: number | null }[] }[] }[]>(await api.http.get('/api/agent/tours/fornewbooking').query({ hotelId: s.hotelId, date }).set(s.agent));
    return tours.find((t) => t.id === s.tourId)?.offers.find((o) => o.id === s.offerId)?.timeSlots.find((t) => t.id === s.timeSlotId)?.seatsLeft;
  };
  const book = (over: Record<string, unknown>) => api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, over));

  beforeAll(async () => {
    manager = bearer(await tokenFor(['arrivalsmanager'], { supplierId: s.supplierId }));
    otherHotelId = (await api.db('hotels').select('id').whereNot('id', s.hotelId).orderBy('id').first<{ id: number }>()).id;
    // The agent's chooser lists guests only of suppliers whose contract with the agency is in the read model.
    expect(await api.settled('contracts', (await api.store.headPosition())!)).toBe(true);
    await arrive({ paxId: 'NO-INFO', touristName: 'Sergey Novikov', groupId: 810, hotelId: s.hotelId, touristPhone: '+7 9855120769' });
    await arrive({ paxId: 'ROOMED', touristName: 'Svetlana Lebedev', groupId: 811, hotelId: s.hotelId, touristPhone: '+7 9685697804' });
    last = contentOf<{ position: string }>(
      await api.http.post('/api/arrivals/groupinfo').set(manager).send({ groupId: 811, status: 0, notes: '', phoneNumbers: ['+971502222222'], hotels: [{ hotelId: s.hotelId, roomNumber: '200' }], meetings: [] }),
    ).position;
    expect(await api.settled('arrivals', last)).toBe(true);
  });

  it("gives a guest whose group has no info their own phone, so the form fills it without a group info call", async () => {
    expect(await guest('Sergey Novikov')).toMatchObject({ groupInfoId: null, roomNumber: '', phoneNumbers: ['+7 9855120769'] });
    // With group info: the room at this hotel, and the guest's own phone (the group's come from groupInfo).
    expect(await guest('Svetlana Lebedev')).toMatchObject({ groupInfoId: expect.any(Number), roomNumber: '200', phoneNumbers: ['+7 9685697804'] });
  });

  it("shows no room for a guest at a hotel the group has no room at: never the group's room at another hotel", async () => {
    await arrive({ paxId: 'MOVER', touristName: 'Mover Guest', groupId: 811, hotelId: s.hotelId });
    // The guest moves to another hotel; the group's info still names a room at the first one only.
    await arrive({ paxId: 'MOVER', touristName: 'Mover Guest', groupId: 811, hotelId: otherHotelId });
    const mover = await guest('Mover Guest', otherHotelId);
    expect(mover.roomNumber).toBe('');
    const info = contentOf<{ roomNumber: string; phoneNumbers: string[] }>(await api.http.get('/api/agent/customers/groupInfo').query({ hotelId: otherHotelId, groupInfoId: mover.groupInfoId }).set(s.agent));
    expect(info).toEqual({ roomNumber: '', phoneNumbers: ['+971502222222'] });
    // The arrivals table says the same.
    const rows = contentOf<{ entities: { paxId: string; roomNumber: string }[] }>(await api.http.post('/api/arrivals/filtered').set(manager).send({ after: last, inHouse: false, groupId: 811 })).entities;
    expect(Object.fromEntries(rows.map((r) => [r.paxId, r.roomNumber]))).toEqual({ ROOMED: '200', MOVER: '' });
  });

  it('refuses to link a guest who is not in house at the booked hotel on the booked date, naming arrivalId, and sells nothing', async () => {
    const { arrivalId } = await guest('Sergey Novikov');
    const refusals = [
      { date: s.date, hotelId: s.hotelId }, // the day before the guest arrives
      { date: addDays(s.date, 4), hotelId: s.hotelId }, // the day after the guest left
      { date: addDays(s.date, 2), hotelId: otherHotelId }, // another hotel on a day of the stay
      { date: addDays(s.date, 2), hotelId: null, customHotelName: 'Beach Villa' }, // no hotel of the list
    ];
    for (const over of refusals) {
      const res = await book({ ...over, guestName: 'Sergey Novikov', arrivalId });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ IsOk: false, ErrorMessage: BOOKING_MESSAGES.guestNotInHouse, Content: { errors: { arrivalId: [BOOKING_MESSAGES.guestNotInHouse] } } });
    }
    for (const date of [s.date, addDays(s.date, 2), addDays(s.date, 4)]) expect(await seatsLeft(date)).toBe(20);
  });

  it('links the guest on each day of the stay at their hotel, the arrival and departure days included', async () => {
    const { arrivalId } = await guest('Sergey Novikov');
    for (const date of [addDays(s.date, 1), addDays(s.date, 3)]) {
      const created = contentOf<{ id: number; position: string }>(await book({ date, guestName: 'Sergey Novikov', arrivalId }));
      expect(await api.settled('booking_details', created.position)).toBe(true);
      expect(contentOf(await api.http.get(`/api/agent/bookings/${created.id}`).set(s.agent))).toMatchObject({ arrivalId, arrivalGroupId: 810 });
    }
  });

  it("refuses, as no guest at all, the agency's guest at a supplier whose contract with it is suspended: an id tells nothing the chooser hides", async () => {
    const other = await registerTenants(api.app);
    await api.app.get(CommandBus).execute(new SignContractCommand(other.supplierId, s.agencyId, null, systemContext('test')));
    expect(await api.settled('contracts', (await api.store.headPosition())!)).toBe(true);
    const otherManager = bearer(await tokenFor(['arrivalsmanager'], { supplierId: other.supplierId }));
    const added = contentOf<{ position: string }>(await api.http.post('/api/arrivals/manual').set(otherManager).send({ paxId: 'ELSEWHERE', touristName: 'Olga Elsewhere', groupId: 812, hotelId: s.hotelId, agencyId: s.agencyId, ...stay() }));
    expect(await api.settled('arrivals', added.position)).toBe(true);
    const { arrivalId } = await guest('Olga Elsewhere');
    const date = addDays(s.date, 2);

    const suspended = contentOf<{ position: string }>(await api.http.post(`/api/contracts/${s.agencyId}/suspend`).set(bearer(await tokenFor(['admin'], { supplierId: other.supplierId }))));
    expect(await api.settled('contracts', suspended.position)).toBe(true);
    expect(await inHouse(s.hotelId, date)).not.toContainEqual(expect.objectContaining({ arrivalId }));
    for (const id of [arrivalId, 2_000_000_000]) {
      const res = await book({ date, guestName: 'Olga Elsewhere', arrivalId: id });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ErrorMessage: BOOKING_MESSAGES.guestNotFound, Content: { errors: { arrivalId: [BOOKING_MESSAGES.guestNotFound] } } });
    }
    expect(await seatsLeft(date)).toBe(20);
  });
});
