import { ConflictError, NotFoundError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import { TIME_SLOT_MESSAGES } from '../pure/time-slot-rules.pure';
import { capacityBelowBooked, groupHasBookings, seatSharingLocked, STALE_ITEM, TIME_SLOT_GROUP_NOT_FOUND, timeSlotGroupDecider, type BookedDeparture } from './time-slot-group';
import { booked, createdGroup, decided, expectRefused, GROUP, saveGroup, saveSlot } from './time-slot.testing';
import { timeSlotGroupFromState } from './time-slot.views';

const stored = { name: 'Safari departures', capacity: 40, minimumAdvancedBooking: 12, pickUpTimeId: null, isTimeSlotsIndependant: false };

describe('time slot group decider: the group', () => {
  it('creates a group stating it whole, the name trimmed', () => {
    given(timeSlotGroupDecider)
      .when(saveGroup({ name: '  Safari departures ' }))
      .then([{ type: 'TimeSlotGroupCreated', data: { ...GROUP, ...stored } }]);
  });

  it('states a change whole, and nothing when nothing changed', () => {
    given(timeSlotGroupDecider, createdGroup())
      .when(saveGroup({ capacity: 50, pickUpTimeId: 3 }, false))
      .then([{ type: 'TimeSlotGroupChanged', data: { ...GROUP, ...stored, capacity: 50, pickUpTimeId: 3 } }]);
    given(timeSlotGroupDecider, createdGroup()).when(saveGroup({}, false)).then([]);
  });

  it.each([
    [{ name: ' ' }, 'name', TIME_SLOT_MESSAGES.groupName],
    [{ capacity: null }, 'capacity', TIME_SLOT_MESSAGES.groupCapacity],
    [{ capacity: 0 }, 'capacity', TIME_SLOT_MESSAGES.groupCapacity],
    [{ capacity: 1_000_000 }, 'capacity', TIME_SLOT_MESSAGES.groupCapacity],
    [{ minimumAdvancedBooking: -24 }, 'minimumAdvancedBooking', TIME_SLOT_MESSAGES.minimumAdvancedBooking],
    [{ minimumAdvancedBooking: 2401 }, 'minimumAdvancedBooking', TIME_SLOT_MESSAGES.minimumAdvancedBooking],
  ] as const)('refuses %j on %s with its message', (over, field, message) => {
    const run = () => decided([], saveGroup(over));
    expectRefused(run, field, message);
  });

  it('accepts the limits: capacity 1 and 999999, minimum advanced booking -23 and 2400 hours', () => {
    expect(decided([], saveGroup({ capacity: 1, minimumAdvancedBooking: -23 }))).toHaveLength(1);
    expect(decided([], saveGroup({ capacity: 999_999, minimumAdvancedBooking: 2400 }))).toHaveLength(1);
  });

  it("answers another supplier's, an unknown or a taken id as not found", () => {
    given(timeSlotGroupDecider, createdGroup()).when(saveGroup({}, false, { supplierId: 6 })).thenThrows(NotFoundError);
    given(timeSlotGroupDecider, createdGroup()).when(saveGroup({}, false, { supplierId: 6 })).thenThrows(TIME_SLOT_GROUP_NOT_FOUND);
    given(timeSlotGroupDecider).when(saveGroup({}, false)).thenThrows(TIME_SLOT_GROUP_NOT_FOUND);
    given(timeSlotGroupDecider, createdGroup()).when(saveGroup({}, true)).thenThrows(TIME_SLOT_GROUP_NOT_FOUND);
    given(timeSlotGroupDecider).when({ type: 'DeleteTimeSlotGroup', ...GROUP, bookedDepartures: [] }).thenThrows(TIME_SLOT_GROUP_NOT_FOUND);
    given(timeSlotGroupDecider, createdGroup()).when({ type: 'DeleteTimeSlotGroup', ...GROUP, supplierId: 6, bookedDepartures: [] }).thenThrows(TIME_SLOT_GROUP_NOT_FOUND);
    given(timeSlotGroupDecider, createdGroup()).when(saveSlot({}, true, { supplierId: 6 })).thenThrows(TIME_SLOT_GROUP_NOT_FOUND);
  });

  it('deletes and restores once each', () => {
    const deleted = [...createdGroup(), { type: 'TimeSlotGroupDeleted' as const, data: GROUP }];
    given(timeSlotGroupDecider, createdGroup()).when({ type: 'DeleteTimeSlotGroup', ...GROUP, bookedDepartures: [] }).then([{ type: 'TimeSlotGroupDeleted', data: GROUP }]);
    given(timeSlotGroupDecider, deleted).when({ type: 'DeleteTimeSlotGroup', ...GROUP, bookedDepartures: [] }).then([]);
    given(timeSlotGroupDecider, deleted).when({ type: 'RestoreTimeSlotGroup', ...GROUP }).then([{ type: 'TimeSlotGroupRestored', data: GROUP }]);
    given(timeSlotGroupDecider, createdGroup()).when({ type: 'RestoreTimeSlotGroup', ...GROUP }).then([]);
  });
});

describe('time slot group decider: seat sharing', () => {
  const message = "The slots' seat sharing cannot change: departures from 05.12.2026 on have seats sold or held, closed dates or a capacity of their own";

  it('refuses to make slots independent, or shared again, while a departure from today on is in use, at the field', () => {
    expect(seatSharingLocked('2026-12-05')).toBe(message);
    const shared = [...createdGroup(), ...decided(createdGroup(), saveSlot())];
    expectRefused(() => decided(shared, saveGroup({ isTimeSlotsIndependant: true }, false, { departuresInUseFrom: '2026-12-05' })), 'isTimeSlotsIndependant', message);
    const own = createdGroup({ isTimeSlotsIndependant: true });
    expectRefused(() => decided(own, saveGroup({ isTimeSlotsIndependant: false }, false, { departuresInUseFrom: '2026-12-05' })), 'isTimeSlotsIndependant', message);
  });

  it('switches when no departure is in use, and asks nothing when the sharing stays', () => {
    const shared = [...createdGroup(), ...decided(createdGroup(), saveSlot())];
    expect(decided(shared, saveGroup({ isTimeSlotsIndependant: true }, false, { departuresInUseFrom: null })).map((e) => e.type)).toEqual(['TimeSlotGroupChanged', 'TimeSlotChanged']);
    // Departures in use do not stop any other change.
    expect(decided(shared, saveGroup({ capacity: 50 }, false, { departuresInUseFrom: '2026-12-05' })).map((e) => e.type)).toEqual(['TimeSlotGroupChanged']);
    expect(decided(shared, saveGroup({ capacity: 50 }, false, { departuresInUseFrom: undefined })).map((e) => e.type)).toEqual(['TimeSlotGroupChanged']);
  });

  it('answers a switch the handler did not read the departures for as stale (the group changed in between)', () => {
    given(timeSlotGroupDecider, createdGroup()).when(saveGroup({ isTimeSlotsIndependant: true }, false, { departuresInUseFrom: undefined })).thenThrows(STALE_ITEM);
  });
});

describe('time slot group decider: versions', () => {
  it("refuses a save from a version that is not the group's own any more", () => {
    const history = [...createdGroup(), ...decided(createdGroup(), saveGroup({ capacity: 45 }, false, { version: 0 }))];
    given(timeSlotGroupDecider, history).when(saveGroup({ capacity: 50 }, false, { version: 0 })).thenThrows(ConflictError);
    expect(decided(history, saveGroup({ capacity: 50 }, false, { version: 1 }))).toHaveLength(1);
  });

  it("is not made stale by a save of one of its slots, and a slot's version is its own", () => {
    const history = [...createdGroup(), ...decided(createdGroup(), saveSlot())];
    expect(decided(history, saveGroup({ capacity: 50 }, false, { version: 0 }))).toHaveLength(1);
    const withTwo = [...history, ...decided(history, saveSlot({ name: 'Evening' }, true, { slotId: 22 }))];
    expect(decided(withTwo, saveSlot({ name: 'Early' }, false, { version: 1 }))).toHaveLength(1);
    given(timeSlotGroupDecider, withTwo).when(saveSlot({ name: 'Early' }, false, { version: 0 })).thenThrows(ConflictError);
  });

  it('answers each item with the revision of its last event, as the read model keeps it', () => {
    const history = [...createdGroup(), ...decided(createdGroup(), saveSlot())];
    const state = history.reduce((s, e) => timeSlotGroupDecider.evolve(s, e), timeSlotGroupDecider.initialState);
    const view = timeSlotGroupFromState(state);
    expect(view).toMatchObject({ id: 9, version: 0, isDeleted: false, timeSlots: [{ id: 21, groupId: 9, version: 1, startTimeDescription: '08:00', endTimeDescription: '12:00', startHour: 8, endHour: 12, daysOfferedList: [0] }] });
  });
});

describe('time slot group decider: seats already sold', () => {
  // Group 9 shares its seats: 6 taken on 10.12.2026, 8 on 12.12.2026, 30 on 14.12.2026 under a capacity of its own.
  const sold: BookedDeparture[] = [booked('2026-12-10', 6), booked('2026-12-12', 8), booked('2026-12-14', 30, { capacity: 35 })];
  const withSlot = () => [...createdGroup({ capacity: 10 }), ...decided(createdGroup({ capacity: 10 }), saveSlot())];

  it('refuses a capacity below the seats taken or held on a date without a capacity of its own, naming the first', () => {
    expect(capacityBelowBooked(6, '2026-12-10')).toBe('Capacity cannot be less than the 6 seats already taken or held on 10.12.2026');
    expectRefused(() => decided(withSlot(), saveGroup({ capacity: 4 }, false, { bookedDepartures: sold })), 'capacity', capacityBelowBooked(6, '2026-12-10'));
    expectRefused(() => decided(withSlot(), saveGroup({ capacity: 7 }, false, { bookedDepartures: sold })), 'capacity', capacityBelowBooked(8, '2026-12-12'));
  });

  it('lowers it to the seats taken exactly, and a date with a capacity of its own does not count', () => {
    expect(decided(withSlot(), saveGroup({ capacity: 8 }, false, { bookedDepartures: sold })).map((e) => e.type)).toEqual(['TimeSlotGroupChanged']);
  });

  it('lets a date oversold already be: a rename or a raise still short of its seats is saved', () => {
    const oversold = [booked('2026-12-10', 12)];
    expect(decided(withSlot(), saveGroup({ name: 'Renamed', capacity: 10 }, false, { bookedDepartures: oversold }))).toHaveLength(1);
    expect(decided(withSlot(), saveGroup({ capacity: 11 }, false, { bookedDepartures: oversold }))).toHaveLength(1);
    expectRefused(() => decided(withSlot(), saveGroup({ capacity: 9 }, false, { bookedDepartures: oversold })), 'capacity', capacityBelowBooked(12, '2026-12-10'));
  });

  it("answers a lowering the handler did not read the seats for as stale (the group's capacity changed in between)", () => {
    given(timeSlotGroupDecider, withSlot()).when(saveGroup({ capacity: 4 }, false, { bookedDepartures: undefined })).thenThrows(STALE_ITEM);
    // Nothing lowered: nothing needs reading.
    expect(decided(withSlot(), saveGroup({ capacity: 12 }, false, { bookedDepartures: undefined }))).toHaveLength(1);
  });

  it("counts an independent group's capacity only for slots that fall back to it", () => {
    // Slot 21 has a capacity of its own (the group's 10, given when it was made): the group's capacity is not its base.
    const own = [...createdGroup({ capacity: 10, isTimeSlotsIndependant: true }), ...decided(createdGroup({ capacity: 10, isTimeSlotsIndependant: true }), saveSlot())];
    expect(decided(own, saveGroup({ capacity: 2, isTimeSlotsIndependant: true }, false, { bookedDepartures: [booked('2026-12-10', 6, { timeSlotId: 21 })] }))).toHaveLength(1);
  });
});

describe('time slot group decider: deleting a group with guests booked', () => {
  it('refuses while a departure from today on has seats taken or held, naming the first date and its seats', () => {
    expect(groupHasBookings(6, '2026-12-10')).toBe('This time slot group has 6 guests booked on 10.12.2026: move or cancel those bookings first');
    given(timeSlotGroupDecider, createdGroup())
      .when({ type: 'DeleteTimeSlotGroup', ...GROUP, bookedDepartures: [booked('2026-12-10', 6), booked('2026-12-11', 2, { timeSlotId: 21 })] })
      .thenThrows(groupHasBookings(6, '2026-12-10'));
  });

  it('deletes once the seats are given back, and restores whatever is booked', () => {
    given(timeSlotGroupDecider, createdGroup()).when({ type: 'DeleteTimeSlotGroup', ...GROUP, bookedDepartures: [] }).then([{ type: 'TimeSlotGroupDeleted', data: GROUP }]);
    const deleted = [...createdGroup(), { type: 'TimeSlotGroupDeleted' as const, data: GROUP }];
    // Deleted already: asking again changes nothing and refuses nothing.
    given(timeSlotGroupDecider, deleted).when({ type: 'DeleteTimeSlotGroup', ...GROUP, bookedDepartures: [booked('2026-12-10', 6)] }).then([]);
  });
});
