import { apiSuite } from '../support/api';
import { bookableSetup, bookingBody, type BookableSetup } from '../support/booking';
import { seedDemo } from '../support/reference';

type Res = { status: number; body: { Content: unknown; ErrorMessage?: string | null } };
interface SlotRead {
  id: number;
  version: number;
  capacity: number | null;
  cutOffResponseTime: number | null;
}
interface GroupRead {
  id: number;
  version: number;
  capacity: number;
  isTimeSlotsIndependant: boolean;
  timeSlots: SlotRead[];
}

/** The answer's content, or a failure that says what the API said instead. */
function content<T>(res: Res, status = 200): T {
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.Content as T;
}

const shown = (date: string) => date.split('-').reverse().join('.');

/*
 * What a group's and a slot's saves and deletes must not do to guests already booked: lower a capacity below the
 * seats sold on a date (the grid would show the date full and hide the oversale), or disappear from under them.
 * And an On Request slot saved without a cut-off gives its bookings the default 24 hours, not 0.
 */
describe('time slots: capacities, deletes and cut-offs against the bookings already made', () => {
  const api = apiSuite();

  const groupRead = async (s: BookableSetup) => content<GroupRead>(await api.http.get(`/api/timeslots/groups/${s.groupId}`).set(s.admin));
  const slotRead = async (s: BookableSetup) => (await groupRead(s)).timeSlots.find((t) => t.id === s.timeSlotId)!;
  const putGroup = async (s: BookableSetup, over: Record<string, unknown>) => api.http.put('/api/timeslots/group').set(s.admin).send({ ...(await groupRead(s)), ...over });
  const putSlot = async (s: BookableSetup, over: Record<string, unknown>) => api.http.put('/api/timeslots').set(s.admin).send({ ...(await slotRead(s)), groupId: s.groupId, ...over });
  const book = async (s: BookableSetup, adults: number) => content<{ id: number; status: number; position: string }>(await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults })));
  const refused = (res: Res, message: string) => {
    expect(res.status).toBe(400);
    expect(res.body.ErrorMessage).toBe(message);
  };

  beforeAll(async () => {
    await seedDemo(api.app);
  });

  it("refuses a shared group's capacity below the seats already sold on a date, naming it; down to the seats sold is saved", async () => {
    const s = await bookableSetup(api, { capacity: 10 });
    await book(s, 6);
    const message = `Capacity cannot be less than the 6 seats already taken or held on ${shown(s.date)}`;
    const res = await putGroup(s, { capacity: 4 });
    refused(res, message);
    expect(res.body.Content).toMatchObject({ errors: { capacity: [message] } });
    expect(await groupRead(s)).toMatchObject({ capacity: 10 });
    const saved = await putGroup(s, { capacity: 6 });
    expect(saved.status).toBe(200);
    expect(saved.body.Content).toMatchObject({ capacity: 6 });
    // Anything else of the group still saves.
    expect((await putGroup(s, { name: 'Seats renamed' })).status).toBe(200);
  });

  it("refuses an independent slot's capacity below the seats already sold on a date", async () => {
    const s = await bookableSetup(api, { capacity: 10 });
    // Made independent before anything is sold: the slot takes the group's 10 seats as its own.
    expect((await putGroup(s, { isTimeSlotsIndependant: true })).status).toBe(200);
    expect(await slotRead(s)).toMatchObject({ capacity: 10 });
    await book(s, 6);
    refused(await putSlot(s, { capacity: 1 }), `Capacity cannot be less than the 6 seats already taken or held on ${shown(s.date)}`);
    expect(await slotRead(s)).toMatchObject({ capacity: 10 });
    const saved = await putSlot(s, { capacity: 7 });
    expect(saved.status).toBe(200);
    expect(saved.body.Content).toMatchObject({ capacity: 7 });
  });

  it('refuses to delete a slot or a group while guests are booked on a date from today on; once they are cancelled, it deletes', async () => {
    const s = await bookableSetup(api, { capacity: 10 });
    const booking = await book(s, 6);
    refused(await api.http.delete(`/api/timeslots/${s.timeSlotId}`).set(s.admin), `This time slot has 6 guests booked on ${shown(s.date)}: move or cancel those bookings first`);
    refused(await api.http.delete(`/api/timeslots/group/${s.groupId}`).set(s.admin), `This time slot group has 6 guests booked on ${shown(s.date)}: move or cancel those bookings first`);
    expect(await groupRead(s)).toMatchObject({ timeSlots: [expect.objectContaining({ id: s.timeSlotId, isDeleted: false })] });

    content(await api.http.post(`/api/bookings/${booking.id}/cancel`).set(s.operations).send({ reason: 'Guest ill' }));
    expect(content<{ isDeleted: boolean }>(await api.http.delete(`/api/timeslots/${s.timeSlotId}`).set(s.admin))).toMatchObject({ isDeleted: true });
    expect(content<{ isDeleted: boolean }>(await api.http.delete(`/api/timeslots/group/${s.groupId}`).set(s.admin))).toMatchObject({ isDeleted: true });
  });

  it("refuses a change of a booked slot's times, naming its guests and date; a rename goes, and the times once the guests are cancelled", async () => {
    const s = await bookableSetup(api, { capacity: 10 });
    const booking = await book(s, 4);
    const message = `The time slot's times cannot change: it has 4 guests booked on ${shown(s.date)}, who keep the times they were sold. Move or cancel those bookings first, or add a new time slot`;
    for (const over of [{ startTimeDescription: '10:00' }, { endTimeDescription: '14:00' }]) {
      const res = await putSlot(s, over);
      refused(res, message);
      expect(res.body.Content).toMatchObject({ errors: { startTimeDescription: [message] } });
    }
    expect(content<{ name: string }>(await putSlot(s, { name: 'Morning (guided)' }))).toMatchObject({ name: 'Morning (guided)' });
    content(await api.http.post(`/api/bookings/${booking.id}/cancel`).set(s.operations).send({ reason: 'Guest ill' }));
    expect(content<{ startTimeDescription: string }>(await putSlot(s, { startTimeDescription: '10:00' }))).toMatchObject({ startTimeDescription: '10:00' });
  });

  it("refuses to delete a shared group's slot its own bookings name, though other live slots remain; a slot without bookings goes", async () => {
    const s = await bookableSetup(api, { capacity: 10 });
    const other = content<{ id: number }>(
      await api.http.post('/api/timeslots').set(s.admin).send({ id: 0, groupId: s.groupId, name: 'Evening', timeType: 0, startTimeDescription: '17:00', endTimeDescription: '19:00', duration: 120, type: 0, daysOfferedList: [0] }),
    );
    await book(s, 3);
    refused(await api.http.delete(`/api/timeslots/${s.timeSlotId}`).set(s.admin), `This time slot has 3 guests booked on ${shown(s.date)}: move or cancel those bookings first`);
    // The group's seats are shared, but the evening slot sold none of them: its times change and it is deleted.
    expect((await api.http.put('/api/timeslots').set(s.admin).send({ ...(await groupRead(s)).timeSlots.find((t) => t.id === other.id)!, groupId: s.groupId, startTimeDescription: '18:00' })).status).toBe(200);
    expect(content<{ isDeleted: boolean }>(await api.http.delete(`/api/timeslots/${other.id}`).set(s.admin))).toMatchObject({ isDeleted: true });
  });

  it('keeps an On Request slot without a cut-off as none: its bookings are due in 24 hours, not overdue at once', async () => {
    const s = await bookableSetup(api, { slotType: 1 });
    const saved = content<SlotRead>(await putSlot(s, { cutOffResponseTime: null }));
    expect(saved).toMatchObject({ type: 1, cutOffResponseTime: null });
    // 0 hours would make every booking overdue the moment it is made: it is none too.
    expect(content<SlotRead>(await putSlot(s, { cutOffResponseTime: 0 }))).toMatchObject({ cutOffResponseTime: null });

    const before = Date.now();
    const created = await book(s, 2);
    expect(created.status).toBe(1);
    await api.settled('booking_details', created.position);
    const view = content<{ status: number; isOverdue: boolean; responseDueAt: string }>(await api.http.get(`/api/agent/bookings/${created.id}`).set(s.agent));
    expect(view).toMatchObject({ status: 1, isOverdue: false });
    const due = Date.parse(view.responseDueAt) - before;
    expect(due).toBeGreaterThanOrEqual(24 * 3_600_000 - 1_000);
    expect(due).toBeLessThan(24 * 3_600_000 + 60_000);
  });
});
