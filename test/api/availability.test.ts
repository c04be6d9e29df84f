import { randomUUID } from 'node:crypto';
import { IdGenerator, systemContext } from '@tbo/kernel';
import type { AvailabilityRow } from '@tbo/read-models';
import { addDays, DEPARTURE_MESSAGES, DepartureSeats, dubaiToday, isoWeekday } from '@tbo/scheduling';
// The stream's name stays inside scheduling; the test reads the stream to see the events themselves.
import { departureStream } from '@tbo/scheduling/src/departures/departure';
import { bearer, expectErrorEnvelope, tokenFor, suppliersSuite } from '../support/api';

const NOT_FOUND = 'Time slot group not found or you are not allowed to manage it';

/** A grid row as the route answers it (the read model's row, as JSON). */
type Row = AvailabilityRow;

describe('availability: GET /api/availability, POST /api/availability/close, /reopen, /capacity', () => {
  const api = suppliersSuite();
  let operations: Record<string, string>;
  const today = dubaiToday();
  const soon = addDays(today, 3);

  const newGroup = async (over: Record<string, unknown>) => {
    const res = await api.http.post('/api/timeslots/group').set(api.admin).send({ id: 0, name: 'Safari', capacity: 40, minimumAdvancedBooking: 12, pickUpTimeId: null, isTimeSlotsIndependant: false, ...over });
    expect(res.status).toBe(200);
    return res.body.Content as { id: number; position: string };
  };
  const newSlot = async (groupId: number, over: Record<string, unknown>) => {
    const res = await api.http.post('/api/timeslots').set(api.admin).send({ id: 0, groupId, name: 'Morning', timeType: 0, startTimeDescription: '08:00', endTimeDescription: '12:00', duration: 240, type: 0, daysOfferedList: [0], ...over });
    expect(res.status).toBe(200);
    return res.body.Content as { id: number; position: string };
  };
  const grid = async (query: string, headers = api.admin) => {
    const res = await api.http.get(`/api/availability?${query}`).set(headers);
    expect(res.status).toBe(200);
    return res.body.Content as { today: string; from: string; days: number; rows: Row[] };
  };
  const rowOf = (rows: Row[], groupId: number, timeSlotId: number | null = null) => rows.find((r) => r.groupId === groupId && r.timeSlotId === timeSlotId);
  const post = (what: 'close' | 'reopen' | 'capacity', body: Record<string, unknown>, headers = api.admin) => api.http.post(`/api/availability/${what}`).set(headers).send(body);

  beforeAll(async () => {
    operations = bearer(await tokenFor(['operations'], { supplierId: api.supplierId }));
  });

  it('closing a date and changing its capacity show in the availability read model', async () => {
    const group = await newGroup({ name: 'Desert safari', capacity: 40 });
    await newSlot(group.id, { name: 'Evening', startTimeDescription: '15:30' });
    const slot = await newSlot(group.id, { name: 'Morning', startTimeDescription: '08:00' });

    const before = await grid(`from=${today}&days=14&after=${slot.position}`);
    expect(before).toMatchObject({ today, from: today, days: 14 });
    const row = rowOf(before.rows, group.id)!;
    expect(row).toMatchObject({ groupId: group.id, timeSlotId: null, name: 'Desert safari', groupName: 'Desert safari', startTime: 480, timeType: null, timeSlotNames: ['Morning', 'Evening'], baseCapacity: 40 });
    expect(row.days.map((d) => d.date)).toEqual(Array.from({ length: 14 }, (_, i) => addDays(today, i)));
    expect(row.days[3]).toEqual({ date: soon, capacity: 40, ownCapacity: null, taken: 0, held: 0, left: 40, closed: false, offered: true });

    const closed = await post('close', { groupId: group.id, date: soon });
    expect(closed.status).toBe(200);
    expect(closed.body.Content).toEqual({ groupId: group.id, timeSlotId: null, date: soon, capacity: 40, ownCapacity: null, baseCapacity: 40, taken: 0, held: 0, left: 40, closed: true, position: expect.any(String) });
    // Closing a closed date changes nothing and says so: no position to wait for.
    const again = await post('close', { groupId: group.id, date: soon }, api.editor);
    expect(again.body.Content).toMatchObject({ closed: true, position: null });

    const capacity = await post('capacity', { groupId: group.id, timeSlotId: null, date: addDays(soon, 1), capacity: 7 }, api.editor);
    expect(capacity.status).toBe(200);
    expect(capacity.body.Content).toMatchObject({ date: addDays(soon, 1), capacity: 7, ownCapacity: 7, baseCapacity: 40, left: 7, closed: false });

    const after = rowOf((await grid(`from=${today}&days=14&after=${capacity.body.Content.position}`)).rows, group.id)!;
    expect(after.days[3]).toEqual({ date: soon, capacity: 40, ownCapacity: null, taken: 0, held: 0, left: 40, closed: true, offered: true });
    expect(after.days[4]).toEqual({ date: addDays(soon, 1), capacity: 7, ownCapacity: 7, taken: 0, held: 0, left: 7, closed: false, offered: true });
    expect(after.days.filter((d) => d.closed || d.ownCapacity !== null)).toHaveLength(2);

    // Reopened, and the group's capacity again: the read model follows; a window starting later shows the same dates.
    const reopened = await post('reopen', { groupId: group.id, date: soon });
    expect(reopened.body.Content).toMatchObject({ closed: false });
    const back = await post('capacity', { groupId: group.id, date: addDays(soon, 1), capacity: null });
    expect(back.body.Content).toMatchObject({ capacity: 40, ownCapacity: null });
    const later = rowOf((await grid(`from=${soon}&days=2&after=${back.body.Content.position}`)).rows, group.id)!;
    expect(later.days).toEqual([
      { date: soon, capacity: 40, ownCapacity: null, taken: 0, held: 0, left: 40, closed: false, offered: true },
      { date: addDays(soon, 1), capacity: 40, ownCapacity: null, taken: 0, held: 0, left: 40, closed: false, offered: true },
    ]);

    // Each change is an event on the departure's own stream, with who and when in its metadata.
    const events = await api.store.readStream(departureStream({ groupId: group.id, timeSlotId: null, date: soon }));
    expect(events.map((e) => e.type)).toEqual(['DepartureClosed', 'DepartureReopened']);
    expect(events[0]!.data).toEqual({ groupId: group.id, timeSlotId: null, supplierId: api.supplierId, date: soon });
    expect(events[0]!.metadata).toMatchObject({ userId: `admin.s${api.supplierId}@test.local`, occurredAt: expect.any(String) });
  });

  it("has a row per slot when a group's slots are independent, each with its own seats and days offered", async () => {
    const group = await newGroup({ name: 'Balloon flights', capacity: 20, isTimeSlotsIndependant: true });
    const monday = await newSlot(group.id, { name: 'Sunrise', startTimeDescription: '05:30', capacity: 6, daysOfferedList: [1] });
    const daily = await newSlot(group.id, { name: 'Dawn', startTimeDescription: '04:45', capacity: 9 });
    const rows = (await grid(`from=${today}&days=7&after=${daily.position}`)).rows.filter((r) => r.groupId === group.id);
    expect(rows.map((r) => [r.timeSlotId, r.name, r.startTime, r.baseCapacity])).toEqual([
      [daily.id, 'Dawn', 285, 9],
      [monday.id, 'Sunrise', 330, 6],
    ]);
    expect(rows[1]!.days.map((d) => d.offered)).toEqual(rows[1]!.days.map((d) => isoWeekday(d.date) === 1));
    expect(rows[0]!.days.every((d) => d.offered)).toBe(true);

    // The group's own seats do not exist here: a slot must be named, and its date changes alone.
    const refused = await post('close', { groupId: group.id, date: soon });
    expectErrorEnvelope(refused, 400);
    expect(refused.body.ErrorMessage).toBe(DEPARTURE_MESSAGES.chooseSlot);
    const set = await post('capacity', { groupId: group.id, timeSlotId: monday.id, date: soon, capacity: 2 });
    expect(set.body.Content).toMatchObject({ timeSlotId: monday.id, capacity: 2, baseCapacity: 6 });
    const after = (await grid(`from=${soon}&days=1&after=${set.body.Content.position}`)).rows;
    expect(rowOf(after, group.id, monday.id)!.days[0]).toMatchObject({ capacity: 2, ownCapacity: 2, left: 2 });
    expect(rowOf(after, group.id, daily.id)!.days[0]).toMatchObject({ capacity: 9, ownCapacity: null });
  });

  it("refuses a past date, a slot of a shared group, and bad input, in the rules' words", async () => {
    const group = await newGroup({ name: 'Dhow cruise' });
    const slot = await newSlot(group.id, {});
    const past = await post('close', { groupId: group.id, date: addDays(today, -1) });
    expectErrorEnvelope(past, 400);
    expect(past.body.ErrorMessage).toBe(DEPARTURE_MESSAGES.past);
    expect((await post('close', { groupId: group.id, date: today })).status).toBe(200);
    const shared = await post('close', { groupId: group.id, timeSlotId: slot.id, date: soon });
    expect(shared.body.ErrorMessage).toBe(DEPARTURE_MESSAGES.chooseGroup);
    for (const body of [
      { groupId: group.id, date: soon, capacity: 1_000_000 },
      { groupId: group.id, date: soon, capacity: -1 },
      { groupId: group.id, date: soon, capacity: '5' },
      { groupId: group.id, date: soon },
      { groupId: group.id, date: '2026-02-30', capacity: 5 },
      { groupId: group.id, date: soon, capacity: 5, extra: true },
    ]) {
      expectErrorEnvelope(await post('capacity', body), 400);
    }
    for (const query of ['days=0', 'days=121', 'days=abc', 'from=2026-13-01', 'from=1999-12-31', 'unknown=1', 'after=x']) {
      expectErrorEnvelope(await api.http.get(`/api/availability?${query}`).set(api.admin), 400);
    }
    // Defaults: from today, 14 days.
    expect(await grid('')).toMatchObject({ from: today, days: 14 });
  });

  it("answers another supplier's group as not found, and shows no one else's rows", async () => {
    const group = await newGroup({ name: 'Mine only' });
    const slot = await newSlot(group.id, {});
    for (const what of ['close', 'reopen'] as const) {
      const res = await post(what, { groupId: group.id, date: soon }, api.otherAdmin);
      expectErrorEnvelope(res, 404);
      expect(res.body).toMatchObject({ ErrorTitle: 'Not found', ErrorMessage: NOT_FOUND });
    }
    expect((await post('capacity', { groupId: group.id, date: soon, capacity: 3 }, api.otherAdmin)).body.ErrorMessage).toBe(NOT_FOUND);
    expect((await post('close', { groupId: 99_999_999, date: soon })).body.ErrorMessage).toBe(NOT_FOUND);
    const theirs = await grid(`days=1&after=${slot.position}`, api.otherAdmin);
    expect(theirs.rows.some((r) => r.groupId === group.id)).toBe(false);
  });

  describe("a group's seat sharing (isTimeSlotsIndependant) cannot change while its departures are in use", () => {
    const shownDate = (date: string) => date.split('-').reverse().join('.');
    const locked = (date: string) => `The slots' seat sharing cannot change: departures from ${shownDate(date)} on have seats sold or held, closed dates or a capacity of their own`;
    const context = systemContext('availability-test');
    const seats = () => api.app.get(DepartureSeats);
    const groupRead = async (id: number) => (await api.http.get(`/api/timeslots/groups/${id}`).set(api.admin)).body.Content as { id: number; version: number; isTimeSlotsIndependant: boolean };
    /** Saves the group as read, with its slots made independent or shared. */
    const setIndependent = async (id: number, isTimeSlotsIndependant: boolean) => api.http.put('/api/timeslots/group').set(api.admin).send({ ...(await groupRead(id)), isTimeSlotsIndependant });
    /** Takes seats of the slot on a date as a booking would (`today` may be set back to sell a date now past). */
    const take = async (timeSlotId: number, date: string, n: number, today = dubaiToday()) => {
      const slot = (await seats().slot(api.supplierId, timeSlotId))!;
      const claim = { bookingId: await api.app.get(IdGenerator).next('booking'), claimId: randomUUID(), seats: n };
      const outcome = await seats().take({ slot, date, claim, today, context });
      return { slot, claim, position: outcome.position! };
    };
    const refusedAt = (res: { status: number; body: { ErrorMessage: string; Content: { errors: Record<string, string[]> } } }, date: string) => {
      expectErrorEnvelope(res, 400);
      expect(res.body.ErrorMessage).toBe(locked(date));
      expect(res.body.Content.errors).toEqual({ isTimeSlotsIndependant: [locked(date)] });
    };

    it("refuses making a shared group's slots independent once seats are sold, until they are given back", async () => {
      const group = await newGroup({ name: 'Sold out soon', capacity: 10 });
      const slot = await newSlot(group.id, {});
      await api.settled('time_slot_groups', slot.position);
      // Seats of a date now past do not count: that departure sells nothing any more.
      await take(slot.id, addDays(today, -2), 4, addDays(today, -5));
      const sold = await take(slot.id, addDays(soon, 2), 3);
      const refused = await setIndependent(group.id, true);
      refusedAt(refused, addDays(soon, 2));
      // Nothing changed: the group still shares its seats, and the date still has 7 left.
      expect(await groupRead(group.id)).toMatchObject({ isTimeSlotsIndependant: false });
      expect(await seats().seats({ slot: sold.slot, date: addDays(soon, 2) })).toMatchObject({ taken: 3, left: 7 });
      // The read table may still show them when they are given back: the departure's stream says they are.
      await seats().release({ departure: { supplierId: api.supplierId, groupId: group.id, timeSlotId: null, date: addDays(soon, 2) }, bookingId: sold.claim.bookingId, claimId: sold.claim.claimId, reason: 'cancelled', context });
      const switched = await setIndependent(group.id, true);
      expect(switched.status).toBe(200);
      expect(switched.body.Content).toMatchObject({ isTimeSlotsIndependant: true });
    });

    it('refuses it for seats held, a closed date or a capacity of its own, either way', async () => {
      const held = await newGroup({ name: 'Held seats', capacity: 10 });
      const heldSlot = await newSlot(held.id, {});
      await api.settled('time_slot_groups', heldSlot.position);
      const slot = (await seats().slot(api.supplierId, heldSlot.id))!;
      const now = new Date();
      await seats().hold({ slot, date: soon, claim: { bookingId: await api.app.get(IdGenerator).next('booking'), claimId: randomUUID(), seats: 2 }, expiresAt: new Date(now.getTime() + 600_000), today, now, context });
      refusedAt(await setIndependent(held.id, true), soon);
      // A hold that has expired no longer counts, though the read table shows it until its release is written (no
      // worker writes it here): the departure's stream is asked.
      const lapsed = await newGroup({ name: 'Lapsed hold', capacity: 10 });
      const lapsedSlot = await newSlot(lapsed.id, {});
      await api.settled('time_slot_groups', lapsedSlot.position);
      const at = new Date();
      const hold = await seats().hold({ slot: (await seats().slot(api.supplierId, lapsedSlot.id))!, date: soon, claim: { bookingId: await api.app.get(IdGenerator).next('booking'), claimId: randomUUID(), seats: 2 }, expiresAt: new Date(at.getTime() + 300), today, now: at, context });
      await api.settled('availability', hold.position!);
      await new Promise((r) => setTimeout(r, 400));
      expect((await setIndependent(lapsed.id, true)).status).toBe(200);

      const closed = await newGroup({ name: 'Closed day' });
      await newSlot(closed.id, {});
      expect((await post('close', { groupId: closed.id, date: addDays(soon, 4) })).status).toBe(200);
      refusedAt(await setIndependent(closed.id, true), addDays(soon, 4));
      expect((await post('reopen', { groupId: closed.id, date: addDays(soon, 4) })).status).toBe(200);
      expect((await setIndependent(closed.id, true)).status).toBe(200);

      const own = await newGroup({ name: 'Own capacity', isTimeSlotsIndependant: true });
      const ownSlot = await newSlot(own.id, { capacity: 5 });
      expect((await post('capacity', { groupId: own.id, timeSlotId: ownSlot.id, date: today, capacity: 3 })).status).toBe(200);
      refusedAt(await setIndependent(own.id, false), today);
      expect(await groupRead(own.id)).toMatchObject({ isTimeSlotsIndependant: true });
    });
  });

  it('is for Admin and Editor only', async () => {
    expectErrorEnvelope(await api.http.get('/api/availability').set(operations), 403);
    expectErrorEnvelope(await post('close', { groupId: 1, date: soon }, operations), 403);
    expectErrorEnvelope(await api.http.get('/api/availability'), 401);
  });
});
