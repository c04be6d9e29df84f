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

describe('departure seats (TakeSeats / ReleaseSeats)', () => {
  const A = '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11';
  const B = '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
  const C = 'b2c3d4e5-f6a7-4b8c-9d0e-1f2a3b4c5d6e';
  const bookingOf: Record<string, number> = { [A]: 1001, [B]: 1002, [C]: 1003 };
  type Over = Partial<Omit<DepartureCommand, 'type'>>;
  const take = (claimId: string, seats: number, over: Over & { bookingId?: number; replacesClaimId?: string | null } = {}): DepartureCommand =>
    ({ supplierId: SUPPLIER, groupId: 9, timeSlotId: null, date: '2026-12-05', group: shared, today: TODAY, type: 'TakeSeats', bookingId: bookingOf[claimId], claimId, seats, ...over }) as DepartureCommand;
  const release = (claimId: string, reason: 'cancelled' | 'declined' | 'moved' | 'unsettled' = 'cancelled', over: Over = {}): DepartureCommand =>
    ({ supplierId: SUPPLIER, groupId: 9, timeSlotId: null, date: '2026-12-05', group: shared, today: TODAY, type: 'ReleaseSeats', bookingId: bookingOf[claimId], claimId, reason, ...over }) as DepartureCommand;
  const taken = (claimId: string, seats: number, k: typeof key | (Omit<typeof key, 'timeSlotId'> & { timeSlotId: number }) = key): DepartureStreamEvent => ({ type: 'DepartureSeatsTaken', data: { ...k, bookingId: bookingOf[claimId]!, claimId, seats } });
  const released = (claimId: string, seats: number, reason: 'cancelled' | 'declined' | 'moved' | 'unsettled' = 'cancelled'): DepartureStreamEvent => ({ type: 'DepartureSeatsReleased', data: { ...key, bookingId: bookingOf[claimId]!, claimId, seats, reason } });
  const stateOf = (events: DepartureStreamEvent[]) => events.reduce((s, e) => departureDecider.evolve(s, e), departureDecider.initialState);

  it("takes seats within the group's capacity (40), up to the last one", () => {
    given(departureDecider).when(take(A, 3)).then([taken(A, 3)]);
    given(departureDecider, [taken(B, 37)]).when(take(A, 3)).then([taken(A, 3)]);
    expect(stateOf([taken(B, 37), taken(A, 3)])).toMatchObject({ taken: 40, claims: { [A]: 3, [B]: 37 } });
  });

  it("refuses more than are left, saying how many: 'Only N places left', 'Only 1 place left', 'No places left'", () => {
    given(departureDecider, [taken(B, 37)]).when(take(A, 4)).thenThrows('Only 3 places left');
    given(departureDecider, [taken(B, 39)]).when(take(A, 2)).thenThrows('Only 1 place left');
    given(departureDecider, [taken(B, 40)]).when(take(A, 1)).thenThrows('No places left');
    given(departureDecider, [taken(B, 40)]).when(take(A, 1)).thenThrows(ValidationError);
  });

  it("counts the date's own capacity, seats held, and an independent slot's own capacity (12)", () => {
    given(departureDecider, [capacitySet(5)]).when(take(A, 6)).thenThrows('Only 5 places left');
    given(departureDecider, [capacitySet(5), taken(B, 5)]).when(take(A, 1)).thenThrows('No places left');
    expect(() => departureDecider.decide(take(A, 3), { ...emptyDepartureState(), held: 38 })).toThrow('Only 2 places left');
    const slotKey = { ...key, timeSlotId: 21 };
    given(departureDecider).when(take(A, 13, { group: independent, timeSlotId: 21 })).thenThrows('Only 12 places left');
    given(departureDecider).when(take(A, 12, { group: independent, timeSlotId: 21 })).then([taken(A, 12, slotKey)]);
  });

  it("refuses a closed date: 'This date is closed for sale', however many seats are left", () => {
    given(departureDecider, [closed]).when(take(A, 1)).thenThrows('This date is closed for sale');
    given(departureDecider, [closed, reopened]).when(take(A, 1)).then([taken(A, 1)]);
  });

  it('refuses a date before today and the wrong kind of departure', () => {
    given(departureDecider).when(take(A, 1, { date: '2026-11-30' })).thenThrows(DEPARTURE_MESSAGES.past);
    given(departureDecider).when(take(A, 1, { timeSlotId: 21 })).thenThrows(DEPARTURE_MESSAGES.chooseGroup);
    given(departureDecider).when(take(A, 1, { supplierId: 6 })).thenThrows(NotFoundError);
  });

  it('takes a repeated take of the same claim as done: nothing changes, even when full or closed since', () => {
    given(departureDecider, [taken(A, 3)]).when(take(A, 3)).then([]);
    given(departureDecider, [taken(A, 3), taken(B, 37)]).when(take(A, 3)).then([]);
    given(departureDecider, [taken(A, 3), closed]).when(take(A, 3)).then([]);
    expect(stateOf([taken(A, 3)]).taken).toBe(3);
  });

  it('gives the seats back once on release; an unknown claim releases nothing', () => {
    given(departureDecider, [taken(A, 3)]).when(release(A)).then([released(A, 3)]);
    given(departureDecider, [taken(A, 3), released(A, 3)]).when(release(A)).then([]);
    given(departureDecider).when(release(A, 'unsettled')).then([]);
    expect(stateOf([taken(A, 3), taken(B, 5), released(A, 3)])).toMatchObject({ taken: 5, claims: { [B]: 5 } });
    // The seats are on sale again.
    given(departureDecider, [taken(B, 37), taken(A, 3), released(A, 3)]).when(take(C, 3)).then([taken(C, 3)]);
  });

  it('releases whatever became of the date or the group: a past date, a closed date, a deleted group', () => {
    const deleted = groupStream(false, [{ type: 'TimeSlotGroupDeleted', data: { id: 9, supplierId: SUPPLIER } }]);
    given(departureDecider, [taken(A, 3)]).when(release(A, 'cancelled', { today: '2026-12-09' })).then([released(A, 3)]);
    given(departureDecider, [taken(A, 3), closed]).when(release(A, 'declined')).then([released(A, 3, 'declined')]);
    given(departureDecider, [taken(A, 3)]).when(release(A, 'moved', { group: deleted })).then([released(A, 3, 'moved')]);
  });

  it("counts the replaced claim's seats as free and keeps them taken: an amendment re-checks capacity without giving seats away", () => {
    // Booking 1001 holds claim A and changes its counts under a new claim B; A is released once the booking moved.
    const amend = (seats: number) => take(B, seats, { bookingId: 1001, replacesClaimId: A });
    const takenByA = (claimId: string, seats: number): DepartureStreamEvent => ({ type: 'DepartureSeatsTaken', data: { ...key, bookingId: 1001, claimId, seats } });
    // 38 of 40 are the booking's own: growing it to 40 fits, which a take beside them would refuse.
    given(departureDecider, [taken(A, 38)]).when(take(B, 40, { bookingId: 1001 })).thenThrows('Only 2 places left');
    given(departureDecider, [taken(A, 38)]).when(amend(40)).then([takenByA(B, 40)]);
    // Until A goes back both claims count, so nobody else gets a seat in between.
    expect(stateOf([taken(A, 38), takenByA(B, 40)])).toMatchObject({ taken: 78, claims: { [A]: 38, [B]: 40 } });
    given(departureDecider, [taken(A, 38), takenByA(B, 40)]).when(take(C, 1)).thenThrows('No places left');
    expect(stateOf([taken(A, 38), takenByA(B, 40), released(A, 38, 'moved')])).toMatchObject({ taken: 40, claims: { [B]: 40 } });
    // Others' seats still count: 30 sold to C, 5 held by A, so A may grow to 10 and no further.
    given(departureDecider, [taken(C, 30), taken(A, 5)]).when(amend(11)).thenThrows('Only 10 places left');
    given(departureDecider, [taken(C, 30), taken(A, 5)]).when(amend(2)).then([takenByA(B, 2)]);
    // A replaced claim already gone (released before) frees nothing.
    given(departureDecider, [taken(C, 38), taken(A, 2), released(A, 2)]).when(amend(3)).thenThrows('Only 2 places left');
    // Closed: an amendment that needs more seats is refused and the old seats stay taken; fewer (or as many) sell
    // nothing, so a stop sale does not stop them.
    given(departureDecider, [taken(A, 5), closed]).when(amend(6)).thenThrows('This date is closed for sale');
    given(departureDecider, [taken(A, 5), closed]).when(amend(2)).then([takenByA(B, 2)]);
    given(departureDecider, [taken(A, 5), closed]).when(amend(5)).then([takenByA(B, 5)]);
    // Fewer seats always fit, even where the capacity has since been set below what is sold.
    given(departureDecider, [taken(C, 30), taken(A, 10), capacitySet(35)]).when(amend(4)).then([takenByA(B, 4)]);
  });

  it('cannot set the capacity below the seats taken', () => {
    given(departureDecider, [taken(A, 18)]).when(setCapacity(17)).thenThrows(DEPARTURE_MESSAGES.belowTaken(18));
    given(departureDecider, [taken(A, 18)]).when(setCapacity(18)).then([capacitySet(18)]);
    given(departureDecider, [taken(A, 18), released(A, 18)]).when(setCapacity(0)).then([capacitySet(0)]);
  });

  it('decides only seat events the store accepts', () => {
    const cases: [DepartureStreamEvent[], DepartureCommand][] = [
      [[], take(A, 3)],
      [[taken(A, 3)], release(A)],
      [[taken(A, 3)], take(B, 4, { replacesClaimId: A })],
    ];
    for (const [history, c] of cases) {
      for (const e of departureDecider.decide(c, stateOf(history))) expect(() => registry.validate(e.type, e.data)).not.toThrow();
    }
  });
});

describe('departure holds (OCTO reservations): self-limiting, converted once, released once', () => {
  const H = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
  const A = '0d6f1c9e-3f0a-4c1e-9a55-6f7a2b1c0d11';
  const NOW = '2026-12-01T10:00:00.000Z';
  const LATER = '2026-12-01T10:30:00.000Z';
  const LATEST = '2026-12-01T11:00:00.000Z';
  const base = { supplierId: SUPPLIER, groupId: 9, timeSlotId: null, date: '2026-12-05', group: shared, today: TODAY, now: NOW };
  const hold = (seats: number, expiresAt = LATER, over: Partial<DepartureCommand> = {}): DepartureCommand => ({ ...base, type: 'HoldSeats', bookingId: 2001, claimId: H, seats, expiresAt, ...over }) as DepartureCommand;
  const extend = (expiresAt: string, now = NOW): DepartureCommand => ({ ...base, now, type: 'ExtendHold', bookingId: 2001, claimId: H, expiresAt });
  const releaseHold = (reason: 'expired' | 'cancelled', now = NOW): DepartureCommand => ({ ...base, now, type: 'ReleaseHold', bookingId: 2001, claimId: H, reason });
  const convert = (seats: number, now = NOW): DepartureCommand => ({ ...base, now, type: 'TakeSeats', bookingId: 2001, claimId: H, seats, fromHold: true });
  const takeA = (seats: number, now = NOW): DepartureCommand => ({ ...base, now, type: 'TakeSeats', bookingId: 1001, claimId: A, seats });
  const held = (seats: number, expiresAt = LATER): DepartureStreamEvent => ({ type: 'DepartureSeatsHeld', data: { ...key, bookingId: 2001, claimId: H, seats, expiresAt } });
  const extended = (expiresAt: string): DepartureStreamEvent => ({ type: 'DepartureHoldExtended', data: { ...key, bookingId: 2001, claimId: H, expiresAt } });
  const holdReleased = (seats: number, reason: 'expired' | 'cancelled'): DepartureStreamEvent => ({ type: 'DepartureHoldReleased', data: { ...key, bookingId: 2001, claimId: H, seats, reason } });
  const converted = (seats: number, heldSeats = 3): DepartureStreamEvent => ({ type: 'DepartureSeatsTaken', data: { ...key, bookingId: 2001, claimId: H, seats, fromHold: true, heldSeats } });
  const takenA = (seats: number): DepartureStreamEvent => ({ type: 'DepartureSeatsTaken', data: { ...key, bookingId: 1001, claimId: A, seats } });
  const stateOf = (events: DepartureStreamEvent[]) => events.reduce((s, e) => departureDecider.evolve(s, e), departureDecider.initialState);

  it("holds seats like a take refuses them ('Only N places left', closed, past), and a held seat is not sold to anyone else", () => {
    given(departureDecider).when(hold(3)).then([held(3)]);
    given(departureDecider, [takenA(38)]).when(hold(3)).thenThrows('Only 2 places left');
    given(departureDecider, [closed]).when(hold(1)).thenThrows('This date is closed for sale');
    given(departureDecider).when(hold(1, LATER, { date: '2026-11-30' })).thenThrows(DEPARTURE_MESSAGES.past);
    given(departureDecider, [held(38)]).when(takeA(3)).thenThrows('Only 2 places left');
    given(departureDecider, [held(38)]).when(setCapacity(37, { now: NOW })).thenThrows(DEPARTURE_MESSAGES.belowTaken(38));
    expect(stateOf([held(38)])).toMatchObject({ held: 38, taken: 0, holds: { [H]: { seats: 38, expiresAt: LATER } } });
  });

  it('stops counting a hold once it has expired, released or not', () => {
    given(departureDecider, [held(38)]).when(takeA(40, LATER)).then([takenA(40)]);
    given(departureDecider, [held(38)]).when(takeA(3, '2026-12-01T10:29:59.999Z')).thenThrows('Only 2 places left');
    given(departureDecider, [held(38)]).when(setCapacity(0, { now: LATEST })).then([capacitySet(0)]);
    const ref = { supplierId: SUPPLIER, groupId: 9, timeSlotId: null, date: '2026-12-05' };
    expect(departureView(ref, stateOf([held(38)]), 40, new Date(NOW))).toMatchObject({ held: 38, left: 2 });
    expect(departureView(ref, stateOf([held(38)]), 40, new Date(LATER))).toMatchObject({ held: 0, left: 40 });
  });

  it('takes a repeated hold of the same claim as done, even when it has expired or been sold since', () => {
    given(departureDecider, [held(3)]).when(hold(3)).then([]);
    given(departureDecider, [held(3), takenA(37)]).when(hold(3)).then([]);
    given(departureDecider, [held(3)]).when(hold(3, LATEST, { now: LATEST })).then([]);
    given(departureDecider, [held(3), converted(3)]).when(hold(3)).then([]);
  });

  it("extends a live hold; an expired or absent one is refused: 'This reservation has expired'", () => {
    given(departureDecider, [held(3)]).when(extend(LATEST)).then([extended(LATEST)]);
    given(departureDecider, [held(3), extended(LATEST)]).when(extend(LATEST)).then([]);
    given(departureDecider, [held(3)]).when(extend(LATEST, LATER)).thenThrows('This reservation has expired');
    given(departureDecider).when(extend(LATEST)).thenThrows('This reservation has expired');
    given(departureDecider, [held(3), holdReleased(3, 'cancelled')]).when(extend(LATEST)).thenThrows(ValidationError);
    // Extended, the hold counts until its new expiry.
    given(departureDecider, [held(38), extended(LATEST)]).when(takeA(3, LATER)).thenThrows('Only 2 places left');
  });

  it('converts a live hold into taken seats in one event, once; an expired or absent hold is refused', () => {
    given(departureDecider, [held(3)]).when(convert(3)).then([converted(3)]);
    expect(stateOf([held(3), converted(3)])).toMatchObject({ taken: 3, held: 0, holds: {}, claims: { [H]: 3 } });
    expect(stateOf([held(3), converted(5)])).toMatchObject({ taken: 5, held: 0, holds: {}, claims: { [H]: 5 } });
    given(departureDecider, [held(3), converted(3)]).when(convert(3)).then([]);
    given(departureDecider, [held(3), converted(3)]).when(convert(3, LATEST)).then([]);
    given(departureDecider, [held(3)]).when(convert(3, LATER)).thenThrows('This reservation has expired');
    given(departureDecider).when(convert(3)).thenThrows('This reservation has expired');
    given(departureDecider, [held(3), holdReleased(3, 'expired')]).when(convert(3)).thenThrows('This reservation has expired');
    // The hold's own seats are free for it; more than those only when left beside it. A stop sale since does not undo it.
    given(departureDecider, [takenA(35), held(3)]).when(convert(5)).then([converted(5)]);
    given(departureDecider, [takenA(35), held(3)]).when(convert(6)).thenThrows('Only 5 places left');
    given(departureDecider, [held(3), closed]).when(convert(3)).then([converted(3)]);
  });

  it("releases a hold once: 'cancelled' at any time, 'expired' only once it has expired; the seats are on sale again", () => {
    given(departureDecider, [held(3)]).when(releaseHold('cancelled')).then([holdReleased(3, 'cancelled')]);
    given(departureDecider, [held(3)]).when(releaseHold('expired')).then([]);
    given(departureDecider, [held(3)]).when(releaseHold('expired', LATER)).then([holdReleased(3, 'expired')]);
    given(departureDecider, [held(3), extended(LATEST)]).when(releaseHold('expired', LATER)).then([]);
    given(departureDecider, [held(3), holdReleased(3, 'expired')]).when(releaseHold('expired', LATEST)).then([]);
    given(departureDecider, [held(3), converted(3)]).when(releaseHold('cancelled')).then([]);
    given(departureDecider).when(releaseHold('cancelled')).then([]);
    given(departureDecider, [held(3)]).when({ ...releaseHold('cancelled'), today: '2026-12-09', group: emptyTimeSlotGroupState(9) }).then([holdReleased(3, 'cancelled')]);
    expect(stateOf([held(38), holdReleased(38, 'expired')])).toMatchObject({ held: 0, holds: {} });
    given(departureDecider, [held(38), holdReleased(38, 'cancelled')]).when(takeA(40)).then([takenA(40)]);
  });

  it('decides only hold events the store accepts', () => {
    const cases: [DepartureStreamEvent[], DepartureCommand][] = [
      [[], hold(3)],
      [[held(3)], extend(LATEST)],
      [[held(3)], releaseHold('cancelled')],
      [[held(3)], convert(3)],
    ];
    for (const [history, c] of cases) {
      const events = departureDecider.decide(c, stateOf(history));
      expect(events).toHaveLength(1);
      for (const e of events) expect(() => registry.validate(e.type, e.data)).not.toThrow();
    }
  });
});
