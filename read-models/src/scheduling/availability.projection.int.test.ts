import { eventStream, exampleOf } from '../testing/recorded-events.testing';
import { projectionSpec, type Row } from '../testing/projection-spec.testing';
import { availabilityProjection } from './availability.projection';

const spec = projectionSpec(availabilityProjection);

const GROUP = { id: 41, supplierId: 6 };
const SLOT = { id: 77, groupId: 41, supplierId: 6 };
const groupStream = eventStream('timeslotgroup-41');
const groupCreated = groupStream.event('TimeSlotGroupCreated', { ...GROUP, name: 'Dhow cruise', capacity: 30, minimumAdvancedBooking: -2, pickUpTimeId: null, isTimeSlotsIndependant: false });
const groupChanged = groupStream.event('TimeSlotGroupChanged', { ...GROUP, name: 'Dhow cruise (Marina)', capacity: 35, minimumAdvancedBooking: 6, pickUpTimeId: 12, isTimeSlotsIndependant: true });
/** Every field the read model keeps with a value unlike its neighbours', so a column holding another field's value shows. */
const slotCreated = groupStream.event('TimeSlotCreated', { ...exampleOf('TimeSlotCreated'), ...SLOT, name: 'Sunset', timeType: 0, startTime: 1050, endTime: 1170, daysOffered: 1 | 16 | 64, capacity: 14 });
const slotChanged = groupStream.event('TimeSlotChanged', { ...exampleOf('TimeSlotChanged'), ...SLOT, name: 'Anytime sunset', timeType: 1, startTime: 1000, daysOffered: 2 | 4, capacity: 9 });
const slotDeleted = groupStream.event('TimeSlotDeleted', SLOT);
const slotRestored = groupStream.event('TimeSlotRestored', SLOT);
const groupDeleted = groupStream.event('TimeSlotGroupDeleted', GROUP);
const groupRestored = groupStream.event('TimeSlotGroupRestored', GROUP);

// The group's departure on 5 December (revisions 0..3) and the slot's on 6 December (revision 0).
const dep = { groupId: 41, timeSlotId: null, supplierId: 6, date: '2026-12-05' };
const departure = eventStream('departure-g41d20261205');
const closed = departure.event('DepartureClosed', dep);
const capacitySet = departure.event('DepartureCapacitySet', { ...dep, capacity: 23 });
const reopened = departure.event('DepartureReopened', dep);
const capacityBack = departure.event('DepartureCapacitySet', { ...dep, capacity: null });
const slotDep = { groupId: 41, timeSlotId: 77, supplierId: 6, date: '2026-12-06' };
const slotCapacitySet = eventStream('departure-s77d20261206').event('DepartureCapacitySet', { ...slotDep, capacity: 4 });

const groupRow = (over: Row = {}): Row => ({ id: 41, supplier_id: 6, name: 'Dhow cruise', capacity: 30, is_independent: false, is_deleted: false, ...over });
const changedGroup = { name: 'Dhow cruise (Marina)', capacity: 35, is_independent: true };
const slotRow = (over: Row = {}): Row => ({ id: 77, group_id: 41, name: 'Sunset', time_type: 0, start_time: 1050, days_offered: 81, capacity: 14, is_deleted: false, ...over });
const changedSlot = { name: 'Anytime sunset', time_type: 1, start_time: 1000, days_offered: 6, capacity: 9 };
/** pg reads a date column as local midnight. */
const day = (iso: string) => new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
const dateRow = (over: Row = {}): Row => ({ group_id: 41, time_slot_id: 0, date: day('2026-12-05'), supplier_id: 6, capacity: null, is_closed: true, taken: 0, held: 0, version: 0, ...over });

describe('availability projection', () => {
  it('keeps a group: its name, capacity and whether its slots are independent', async () => {
    await spec.given().when(groupCreated).then({ availability_groups: [groupRow()], availability_slots: [], availability_dates: [] });
    await spec.given(groupCreated).when(groupChanged).then({ availability_groups: [groupRow(changedGroup)] });
  });

  it("keeps a slot: its name, time type, start, days offered and capacity", async () => {
    await spec.given(groupCreated, groupChanged).when(slotCreated).then({ availability_slots: [slotRow()], availability_groups: [groupRow(changedGroup)] });
    await spec.given(groupCreated, groupChanged, slotCreated).when(slotChanged).then({ availability_slots: [slotRow(changedSlot)] });
  });

  it('marks groups and slots deleted and restored', async () => {
    await spec.given(groupCreated, slotCreated).when(slotDeleted).then({ availability_slots: [slotRow({ is_deleted: true })] });
    await spec.given(groupCreated, slotCreated, slotDeleted).when(slotRestored).then({ availability_slots: [slotRow()] });
    await spec.given(groupCreated, slotCreated).when(groupDeleted).then({ availability_groups: [groupRow({ is_deleted: true })], availability_slots: [slotRow()] });
    await spec.given(groupCreated, groupDeleted).when(groupRestored).then({ availability_groups: [groupRow()] });
  });

  it("makes a date's row when it is first closed, with no capacity of its own and nothing taken", () => spec.given(groupCreated).when(closed).then({ availability_dates: [dateRow()] }));

  it("follows the date: its own capacity, reopened, the group's capacity again, each with its stream's revision", async () => {
    await spec.given(closed).when(capacitySet).then({ availability_dates: [dateRow({ capacity: 23, version: 1 })] });
    await spec.given(closed, capacitySet).when(reopened).then({ availability_dates: [dateRow({ capacity: 23, is_closed: false, version: 2 })] });
    await spec.given(closed, capacitySet, reopened).when(capacityBack).then({ availability_dates: [dateRow({ capacity: null, is_closed: false, version: 3 })] });
  });

  it("keeps an independent slot's date apart from its group's", () =>
    spec
      .given(closed)
      .when(slotCapacitySet)
      .then({ availability_dates: [dateRow(), dateRow({ time_slot_id: 77, date: day('2026-12-06'), capacity: 4, is_closed: false, version: 0 })] }));

  it('ignores an older event of a departure delivered after a newer one', async () => {
    const { before, after } = await spec.given(closed, capacitySet, reopened).when(closed, capacitySet).beforeAndAfter();
    expect(after.availability_dates).toEqual(before.availability_dates);
  });

  describe('seats held for OCTO reservations', () => {
    const H = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
    const A = '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11';
    const at = { ...dep, date: '2026-12-07' };
    const seatsStream = eventStream('departure-g41d20261207');
    const held = seatsStream.event('DepartureSeatsHeld', { ...at, bookingId: 9001, claimId: H, seats: 4, expiresAt: '2026-12-01T10:30:00.000Z' });
    const extended = seatsStream.event('DepartureHoldExtended', { ...at, bookingId: 9001, claimId: H, expiresAt: '2026-12-01T11:00:00.000Z' });
    const converted = seatsStream.event('DepartureSeatsTaken', { ...at, bookingId: 9001, claimId: H, seats: 5, fromHold: true, heldSeats: 4 });
    const taken = seatsStream.event('DepartureSeatsTaken', { ...at, bookingId: 9002, claimId: A, seats: 2 });
    // The stream afresh, so that the release directly follows the hold (revisions 0 and 1).
    const again = eventStream('departure-g41d20261207');
    const heldAgain = again.event('DepartureSeatsHeld', { ...at, bookingId: 9001, claimId: H, seats: 4, expiresAt: '2026-12-01T10:30:00.000Z' });
    const released = again.event('DepartureHoldReleased', { ...at, bookingId: 9001, claimId: H, seats: 4, reason: 'expired' });
    const heldDate = (over: Row = {}): Row => dateRow({ date: day('2026-12-07'), is_closed: false, ...over });

    it('counts held seats beside the taken ones until they are released', async () => {
      await spec.given().when(held).then({ availability_dates: [heldDate({ held: 4, version: 0 })] });
      await spec.given(held).when(extended).then({ availability_dates: [heldDate({ held: 4, version: 1 })] });
      await spec.given(held, extended).when(taken).then({ availability_dates: [heldDate({ held: 4, taken: 2, version: 3 })] });
      await spec.given(heldAgain).when(released).then({ availability_dates: [heldDate({ held: 0, version: 1 })] });
    });

    it("moves a confirmed hold's seats from held to taken (the booking may take another count)", () =>
      spec.given(held, extended).when(converted).then({ availability_dates: [heldDate({ held: 0, taken: 5, version: 2 })] }));

    it('applies a batch of seats over several departures as it applies them one by one', () => {
      const slotAt = { ...slotDep, date: '2026-12-08' };
      const slotSeats = eventStream('departure-s77d20261208');
      const slotTaken = slotSeats.event('DepartureSeatsTaken', { ...slotAt, bookingId: 9003, claimId: A, seats: 3 });
      const slotReleased = slotSeats.event('DepartureSeatsReleased', { ...exampleOf('DepartureSeatsReleased'), ...slotAt, bookingId: 9003, claimId: A, seats: 1 });
      return spec
        .given()
        .when(held, slotTaken, extended, closed, converted, slotReleased)
        .then({
          availability_dates: [
            dateRow(),
            heldDate({ held: 0, taken: 5, version: 2 }),
            dateRow({ time_slot_id: 77, date: day('2026-12-08'), is_closed: false, taken: 2, version: 1 }),
          ],
        });
    });

    it.each([
      ['DepartureSeatsHeld', [], held],
      ['DepartureHoldReleased', [heldAgain], released],
      ['DepartureSeatsTaken (from a hold)', [held, extended], converted],
    ] as const)('%s changes nothing the first time did not', (_type, history, event) => spec.given(...history).when(event).thenReplayChangesNothing());
  });

  describe('replaying the same event twice', () => {
    it.each([
      ['TimeSlotGroupCreated', [], groupCreated],
      ['TimeSlotGroupChanged', [groupCreated], groupChanged],
      ['TimeSlotGroupDeleted', [groupCreated], groupDeleted],
      ['TimeSlotGroupRestored', [groupCreated, groupDeleted], groupRestored],
      ['TimeSlotCreated', [groupCreated], slotCreated],
      ['TimeSlotChanged', [groupCreated, slotCreated], slotChanged],
      ['TimeSlotDeleted', [groupCreated, slotCreated], slotDeleted],
      ['TimeSlotRestored', [groupCreated, slotCreated, slotDeleted], slotRestored],
      ['DepartureClosed', [], closed],
      ['DepartureCapacitySet', [closed], capacitySet],
      ['DepartureReopened', [closed, capacitySet], reopened],
    ] as const)('%s changes nothing the first time did not', (_type, history, event) => spec.given(...history).when(event).thenReplayChangesNothing());
  });
});
