import { createEventRegistry, type TimeSlotGroupStreamEvent } from '@tbo/event-schemas';
import { fold, NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import { blankTimeSlotFields } from '../pure/time-slot-rules.pure';
import { emptyTimeSlotGroupState, timeSlotGroupDecider, TIME_SLOT_GROUP_NOT_FOUND } from '../time-slots/time-slot-group';
import { addDays, dubaiToday } from './business-date.pure';
import { departureDecider, departureStream, departureView, DEPARTURE_MESSAGES, emptyDepartureState, type DepartureCommand, type DepartureStreamEvent } from './departure';

const TODAY = '2026-12-01';
const SUPPLIER = 5;
const registry = createEventRegistry();

/** Supplier 5's group 9 (capacity 40) with slots 21 (its own capacity 12 when independent) and 22 (deleted). */
function groupStream(independent: boolean, extra: TimeSlotGroupStreamEvent[] = []) {
  const key = { id: 9, supplierId: SUPPLIER };
  const slot = (id: number, name: string) => ({ ...blankTimeSlotFields(), id, groupId: 9, supplierId: SUPPLIER, name, startTime: 480, endTime: 720, capacity: independent ? 12 : null, minimumAdvancedBooking: independent ? 2 : null });
  const events: TimeSlotGroupStreamEvent[] = [
    { type: 'TimeSlotGroupCreated', data: { ...key, name: 'Safari', capacity: 40, minimumAdvancedBooking: 12, pickUpTimeId: null, isTimeSlotsIndependant: independent } },
    { type: 'TimeSlotCreated', data: slot(21, 'Morning') },
    { type: 'TimeSlotCreated', data: slot(22, 'Evening') },
    { type: 'TimeSlotDeleted', data: { id: 22, groupId: 9, supplierId: SUPPLIER } },
    ...extra,
  ];
  return fold({ ...timeSlotGroupDecider, initialState: emptyTimeSlotGroupState(9) }, events);
}

const shared = groupStream(false);
const independent = groupStream(true);

type Change = { type: 'CloseDeparture' } | { type: 'ReopenDeparture' } | { type: 'SetDepartureCapacity'; capacity: number | null };
const cmd = (change: Change, over: Partial<Omit<DepartureCommand, 'type'>> = {}): DepartureCommand =>
  ({ supplierId: SUPPLIER, groupId: 9, timeSlotId: null, date: '2026-12-05', group: shared, today: TODAY, ...over, ...change }) as DepartureCommand;
const close = (over: Partial<Omit<DepartureCommand, 'type'>> = {}) => cmd({ type: 'CloseDeparture' }, over);
const reopen = (over: Partial<Omit<DepartureCommand, 'type'>> = {}) => cmd({ type: 'ReopenDeparture' }, over);
const setCapacity = (capacity: number | null, over: Partial<Omit<DepartureCommand, 'type'>> = {}) => cmd({ type: 'SetDepartureCapacity', capacity }, over);

const key = { groupId: 9, timeSlotId: null, supplierId: SUPPLIER, date: '2026-12-05' };
const closed: DepartureStreamEvent = { type: 'DepartureClosed', data: key };
const reopened: DepartureStreamEvent = { type: 'DepartureReopened', data: key };
const capacitySet = (capacity: number | null): DepartureStreamEvent => ({ type: 'DepartureCapacitySet', data: { ...key, capacity } });

describe('departure decider', () => {
  it('names one stream per group, or independent slot, per date, with no dash inside the id', () => {
    expect(departureStream({ groupId: 12, timeSlotId: null, date: '2026-12-01' })).toBe('departure-g12d20261201');
    expect(departureStream({ groupId: 12, timeSlotId: 34, date: '2026-12-01' })).toBe('departure-s34d20261201');
  });

  it('closes an open date and reopens a closed one; asking for what already is changes nothing', () => {
    given(departureDecider).when(close()).then([closed]);
    given(departureDecider, [closed]).when(close()).then([]);
    given(departureDecider, [closed]).when(reopen()).then([reopened]);
    given(departureDecider).when(reopen()).then([]);
    given(departureDecider, [closed, reopened]).when(close()).then([closed]);
  });

  it("sets the date's own capacity, gives it back the group's with null, and nothing when it is already so", () => {
    given(departureDecider).when(setCapacity(25)).then([capacitySet(25)]);
    given(departureDecider, [capacitySet(25)]).when(setCapacity(0)).then([capacitySet(0)]);
    given(departureDecider, [capacitySet(25)]).when(setCapacity(25)).then([]);
    given(departureDecider, [capacitySet(25)]).when(setCapacity(null)).then([capacitySet(null)]);
    given(departureDecider).when(setCapacity(null)).then([]);
    given(departureDecider).when(setCapacity(999_999)).then([capacitySet(999_999)]);
  });

  it.each([-1, 1_000_000, 2.5])('refuses capacity %p', (capacity) => {
    given(departureDecider).when(setCapacity(capacity)).thenThrows(DEPARTURE_MESSAGES.capacity);
  });

  it('refuses a date before today (Dubai) and takes today itself', () => {
    for (const change of [close({ date: '2026-11-30' }), reopen({ date: '2026-11-30' }), setCapacity(3, { date: '2026-11-30' })]) {
      given(departureDecider).when(change).thenThrows(DEPARTURE_MESSAGES.past);
    }
    given(departureDecider).when(close({ date: TODAY })).then([{ type: 'DepartureClosed', data: { ...key, date: TODAY } }]);
  });

  it('refuses a capacity below the seats already taken or held, counting from the stream', () => {
    const busy = { ...emptyDepartureState(), capacity: 30, taken: 18, held: 2 };
    expect(() => departureDecider.decide(setCapacity(19), busy)).toThrow(ValidationError);
    expect(() => departureDecider.decide(setCapacity(19), busy)).toThrow(DEPARTURE_MESSAGES.belowTaken(20));
    expect(departureDecider.decide(setCapacity(20), busy)).toEqual([capacitySet(20)]);
    // Back to the group's 40: enough. A group of 15 would not be.
    expect(departureDecider.decide(setCapacity(null), busy)).toEqual([capacitySet(null)]);
    const small = groupStream(false, [{ type: 'TimeSlotGroupChanged', data: { id: 9, supplierId: SUPPLIER, name: 'Safari', capacity: 15, minimumAdvancedBooking: 12, pickUpTimeId: null, isTimeSlotsIndependant: false } }]);
    expect(() => departureDecider.decide(setCapacity(null, { group: small }), busy)).toThrow(DEPARTURE_MESSAGES.belowTaken(20));
    // Closing and reopening never count seats.
    expect(departureDecider.decide(close(), busy)).toEqual([closed]);
  });

  it("answers another supplier's, an unknown or a deleted group, and a deleted slot, as not found", () => {
    const deleted = groupStream(false, [{ type: 'TimeSlotGroupDeleted', data: { id: 9, supplierId: SUPPLIER } }]);
    for (const c of [close({ supplierId: 6 }), close({ group: emptyTimeSlotGroupState(9) }), close({ group: deleted }), close({ group: independent, timeSlotId: 22 }), close({ group: independent, timeSlotId: 99 })]) {
      expect(() => departureDecider.decide(c, emptyDepartureState())).toThrow(NotFoundError);
      expect(() => departureDecider.decide(c, emptyDepartureState())).toThrow(TIME_SLOT_GROUP_NOT_FOUND);
    }
  });

  it("decides a group's seats when its slots share them, and each slot's when they are independent", () => {
    given(departureDecider).when(close({ timeSlotId: 21 })).thenThrows(DEPARTURE_MESSAGES.chooseGroup);
    given(departureDecider).when(close({ group: independent })).thenThrows(DEPARTURE_MESSAGES.chooseSlot);
    const slotKey = { ...key, timeSlotId: 21 };
    given(departureDecider).when(setCapacity(8, { group: independent, timeSlotId: 21 })).then([{ type: 'DepartureCapacitySet', data: { ...slotKey, capacity: 8 } }]);
  });

  it('decides only events the store accepts', () => {
    for (const [history, c] of [
      [[], close()],
      [[closed], reopen()],
      [[], setCapacity(7)],
      [[capacitySet(7)], setCapacity(null)],
    ] as const) {
      const state = history.reduce((s, e) => departureDecider.evolve(s, e), departureDecider.initialState);
      for (const e of departureDecider.decide(c, state)) expect(() => registry.validate(e.type, e.data)).not.toThrow();
    }
  });

  it("views the date: its own capacity or the group's (or slot's), seats left never below 0", () => {
    const ref = { supplierId: SUPPLIER, groupId: 9, timeSlotId: null, date: '2026-12-05' };
    expect(departureView(ref, emptyDepartureState(), 40)).toEqual({ groupId: 9, timeSlotId: null, date: '2026-12-05', capacity: 40, ownCapacity: null, baseCapacity: 40, taken: 0, held: 0, left: 40, closed: false });
    expect(departureView(ref, { ...emptyDepartureState(), capacity: 5, taken: 7, closed: true }, 40)).toMatchObject({ capacity: 5, ownCapacity: 5, left: 0, closed: true });
  });
});

describe('business dates (Dubai, UTC+4)', () => {
  it('turns over at 20:00 UTC, and adds days across months and years', () => {
    expect(dubaiToday(new Date('2026-11-30T19:59:59Z'))).toBe('2026-11-30');
    expect(dubaiToday(new Date('2026-11-30T20:00:00Z'))).toBe('2026-12-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
  });
});
