import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { TimeSlotData } from '@tbo/event-schemas';
import { blankExternalFields, TIME_SLOT_MESSAGES, type TimeSlotFields } from '../pure/time-slot-rules.pure';
import { capacityBelowBooked, slotHasBookings, slotNameTaken, STALE_ITEM, TIME_SLOT_GROUP_NOT_FOUND, timeSlotGroupDecider } from './time-slot-group';
import { booked, createdGroup, decided, expectRefused, GROUP, saveGroup, saveSlot, slotFields } from './time-slot.testing';

const KEY = { id: 21, groupId: 9, supplierId: 5 };
const external: Partial<TimeSlotFields> = {
  isExternalId: true,
  externalId: ' slot-a ',
  externalPerChildId: 'slot-c',
  externalProviderId: 4,
  externalProviderCodeType: 1,
  externalProductId: 'prod-1',
  externalProductMappingValue: 'ADULT',
  externalPerChildProductId: 'prod-2',
  externalPerChildProductMappingValue: 'CHILD',
  externalProviderDiffProductsAdultChild: true,
  externalIsTicketPerPax: true,
  bookingReferencePrefix: 'DX-',
  isExternalMismatch: true,
};
/** The slot as the decider states it, from the fields sent. */
const stated = (history = createdGroup(), over: Partial<TimeSlotFields> = {}) => decided(history, saveSlot(over))[0]!.data as TimeSlotData;
const independent = () => createdGroup({ isTimeSlotsIndependant: true, capacity: 40, minimumAdvancedBooking: 12 });

describe('time slot decider: saving a slot', () => {
  it('creates a slot stating it whole, with what the form hides cleared', () => {
    given(timeSlotGroupDecider, createdGroup())
      .when(saveSlot({ name: ' Morning ', interval: 30, cutOffResponseTime: 5, capacity: 10, minimumAdvancedBooking: 3, daysOffered: 127 }))
      .then([
        {
          type: 'TimeSlotCreated',
          data: { ...KEY, ...slotFields(), name: 'Morning', interval: null, cutOffResponseTime: null, capacity: null, minimumAdvancedBooking: null, daysOffered: 0 },
        },
      ]);
  });

  it('states a change whole, and nothing when nothing changed', () => {
    const history = [...createdGroup(), ...decided(createdGroup(), saveSlot())];
    given(timeSlotGroupDecider, history)
      .when(saveSlot({ name: 'Late morning' }, false))
      .then([{ type: 'TimeSlotChanged', data: { ...KEY, ...slotFields(), name: 'Late morning' } }]);
    given(timeSlotGroupDecider, history).when(saveSlot({}, false)).then([]);
  });

  it.each([
    [{ name: '' }, 'name', TIME_SLOT_MESSAGES.name],
    [{ timeType: 1, interval: null }, 'interval', TIME_SLOT_MESSAGES.interval],
    [{ timeType: 1, interval: 0 }, 'interval', TIME_SLOT_MESSAGES.interval],
    [{ timeType: 1, interval: 1441 }, 'interval', TIME_SLOT_MESSAGES.intervalMax],
    [{ duration: -1 }, 'duration', TIME_SLOT_MESSAGES.duration],
    [{ duration: 10_081 }, 'duration', TIME_SLOT_MESSAGES.duration],
    [{ type: 1, cutOffResponseTime: -1 }, 'cutOffResponseTime', TIME_SLOT_MESSAGES.cutOffResponseTime],
  ] as const)('refuses %j on %s with its message', (over, field, message) => {
    const run = () => decided(createdGroup(), saveSlot(over as Partial<TimeSlotFields>));
    expectRefused(run, field, message);
  });

  it('needs an interval only for anytime slots, and keeps it only for them', () => {
    expect(stated(createdGroup(), { timeType: 1, interval: 30 }).interval).toBe(30);
    expect(stated(createdGroup(), { timeType: 0, interval: 30 }).interval).toBeNull();
    expect(stated(createdGroup(), { timeType: 2, interval: -4 }).interval).toBeNull();
  });

  it('keeps the cut-off response time only for on-request slots, never below 0', () => {
    expect(stated(createdGroup(), { type: 1, cutOffResponseTime: 24 }).cutOffResponseTime).toBe(24);
    expect(stated(createdGroup(), { type: 1, cutOffResponseTime: 1 }).cutOffResponseTime).toBe(1);
    expect(stated(createdGroup(), { type: 0, cutOffResponseTime: -3 }).cutOffResponseTime).toBeNull();
  });

  it("keeps an on-request slot without a cut-off as none (the booking side's default), and 0 as none", () => {
    expect(stated(createdGroup(), { type: 1, cutOffResponseTime: null }).cutOffResponseTime).toBeNull();
    expect(stated(createdGroup(), { type: 1, cutOffResponseTime: 0 }).cutOffResponseTime).toBeNull();
    // A slot stored with 0 before is cleared when saved again.
    const zero = [...createdGroup(), { type: 'TimeSlotCreated' as const, data: { ...KEY, ...slotFields(), type: 1 as const, cutOffResponseTime: 0 } }];
    given(timeSlotGroupDecider, zero)
      .when(saveSlot({ type: 1, cutOffResponseTime: 0 }, false))
      .then([{ type: 'TimeSlotChanged', data: { ...KEY, ...slotFields(), type: 1, cutOffResponseTime: null } }]);
  });

  it("keeps capacity and minimum advanced booking only in an independent group, the group's values by default", () => {
    expect(stated(independent(), { capacity: 12, minimumAdvancedBooking: -2 })).toMatchObject({ capacity: 12, minimumAdvancedBooking: -2 });
    expect(stated(independent(), { capacity: null, minimumAdvancedBooking: null })).toMatchObject({ capacity: 40, minimumAdvancedBooking: 12 });
    expect(stated(createdGroup(), { capacity: -5, minimumAdvancedBooking: 9999 })).toMatchObject({ capacity: null, minimumAdvancedBooking: null });
    expect(() => decided(independent(), saveSlot({ capacity: -1 }))).toThrow(TIME_SLOT_MESSAGES.capacity);
    expect(() => decided(independent(), saveSlot({ minimumAdvancedBooking: 2401 }))).toThrow(TIME_SLOT_MESSAGES.minimumAdvancedBooking);
    expect(stated(independent(), { capacity: 0 }).capacity).toBe(0);
  });

  it('keeps the external fields only for external fixed-time slots; Is External off clears them all', () => {
    expect(stated(createdGroup(), external)).toMatchObject({ ...external, externalId: 'slot-a' });
    expect(stated(createdGroup(), { ...external, isExternalId: false })).toMatchObject(blankExternalFields());
    expect(stated(createdGroup(), { ...external, timeType: 1, interval: 15 })).toMatchObject(blankExternalFields());
    expect(stated(createdGroup(), { ...external, timeType: 2 })).toMatchObject(blankExternalFields());
  });

  it('stores days in their one form and times within the day (anything else is 0:0)', () => {
    expect(stated(createdGroup(), { daysOffered: 1 | 4 }).daysOffered).toBe(5);
    expect(stated(createdGroup(), { daysOffered: 127 }).daysOffered).toBe(0);
    expect(stated(createdGroup(), { startTime: 1440, endTime: -1 })).toMatchObject({ startTime: 0, endTime: 0 });
  });

  it('answers an unknown slot, a taken slot id or a slot of another group as not found', () => {
    const history = [...createdGroup(), ...decided(createdGroup(), saveSlot())];
    given(timeSlotGroupDecider, history).when(saveSlot({}, false, { slotId: 99 })).thenThrows(TIME_SLOT_GROUP_NOT_FOUND);
    given(timeSlotGroupDecider, history).when(saveSlot({}, true)).thenThrows(TIME_SLOT_GROUP_NOT_FOUND);
    given(timeSlotGroupDecider, history).when({ type: 'DeleteTimeSlot', ...GROUP, slotId: 99, bookedDepartures: [] }).thenThrows(TIME_SLOT_GROUP_NOT_FOUND);
    given(timeSlotGroupDecider).when(saveSlot()).thenThrows(TIME_SLOT_GROUP_NOT_FOUND);
  });

  it('deletes and restores a slot once each', () => {
    const history = [...createdGroup(), ...decided(createdGroup(), saveSlot())];
    const deleted = [...history, { type: 'TimeSlotDeleted' as const, data: KEY }];
    given(timeSlotGroupDecider, history).when({ type: 'DeleteTimeSlot', ...GROUP, slotId: 21, bookedDepartures: [] }).then([{ type: 'TimeSlotDeleted', data: KEY }]);
    given(timeSlotGroupDecider, deleted).when({ type: 'DeleteTimeSlot', ...GROUP, slotId: 21, bookedDepartures: [] }).then([]);
    given(timeSlotGroupDecider, deleted).when({ type: 'RestoreTimeSlot', ...GROUP, slotId: 21 }).then([{ type: 'TimeSlotRestored', data: KEY }]);
  });

  it("refuses a second live slot of the group by the same name (case and spaces aside), also by a rename or a restore", () => {
    const morning = [...createdGroup(), ...decided(createdGroup(), saveSlot())];
    const second = (over: Partial<TimeSlotFields> = {}, isNew = true) => saveSlot({ name: 'Evening', ...over }, isNew, { slotId: 22 });
    expectRefused(() => decided(morning, second({ name: '  morning ' })), 'name', slotNameTaken('morning'));
    const both = [...morning, ...decided(morning, second())];
    expectRefused(() => decided(both, second({ name: 'MORNING' }, false)), 'name', slotNameTaken('MORNING'));
    // Its own name is no clash, another group's slots are not in this stream, and a deleted slot's name is free…
    expect(decided(morning, saveSlot({ duration: 60 }, false))).toHaveLength(1);
    const morningGone = [...morning, { type: 'TimeSlotDeleted' as const, data: KEY }];
    const again = [...morningGone, ...decided(morningGone, second({ name: 'Morning' }))];
    expect(again.at(-1)).toMatchObject({ type: 'TimeSlotCreated', data: { id: 22, name: 'Morning' } });
    // …until the deleted one comes back.
    expectRefused(() => decided(again, { type: 'RestoreTimeSlot', ...GROUP, slotId: 21 }), 'name', slotNameTaken('Morning'));
  });
});

describe('time slot decider: seats already sold on an independent slot', () => {
  const own = () => [...independent(), ...decided(independent(), saveSlot({ capacity: 10 }))];
  const sold = [booked('2026-12-10', 6, { timeSlotId: 21 }), booked('2026-12-10', 9, { timeSlotId: 22 }), booked('2026-12-11', 20, { timeSlotId: 21, capacity: 25 })];

  it("refuses a capacity below its own dates' seats taken or held, naming the first; other slots' and dates with a capacity of their own do not count", () => {
    expectRefused(() => decided(own(), saveSlot({ capacity: 1 }, false, { bookedDepartures: sold })), 'capacity', capacityBelowBooked(6, '2026-12-10'));
    expect(decided(own(), saveSlot({ capacity: 6 }, false, { bookedDepartures: sold })).map((e) => e.type)).toEqual(['TimeSlotChanged']);
  });

  it('answers a lowering the handler did not read the seats for as stale, and needs nothing read for a raise', () => {
    given(timeSlotGroupDecider, own()).when(saveSlot({ capacity: 1 }, false, { bookedDepartures: undefined })).thenThrows(STALE_ITEM);
    expect(decided(own(), saveSlot({ capacity: 12 }, false, { bookedDepartures: undefined }))).toHaveLength(1);
  });
});

describe('time slot decider: deleting a slot with guests booked', () => {
  const del = (bookedDepartures: ReturnType<typeof booked>[]) => ({ type: 'DeleteTimeSlot' as const, ...GROUP, slotId: 21, bookedDepartures });

  it("refuses an independent slot's delete while its own departures from today on have seats, naming the first", () => {
    expect(slotHasBookings(6, '2026-12-10')).toBe('This time slot has 6 guests booked on 10.12.2026: move or cancel those bookings first');
    const own = [...independent(), ...decided(independent(), saveSlot())];
    given(timeSlotGroupDecider, own).when(del([booked('2026-12-09', 3, { timeSlotId: 22 }), booked('2026-12-10', 6, { timeSlotId: 21 })])).thenThrows(slotHasBookings(6, '2026-12-10'));
    given(timeSlotGroupDecider, own).when(del([booked('2026-12-09', 3, { timeSlotId: 22 })])).then([{ type: 'TimeSlotDeleted', data: KEY }]);
  });

  it("refuses the last live slot of a shared group while the group's departures have seats; with another slot left it goes", () => {
    const one = [...createdGroup(), ...decided(createdGroup(), saveSlot())];
    given(timeSlotGroupDecider, one).when(del([booked('2026-12-10', 6)])).thenThrows(slotHasBookings(6, '2026-12-10'));
    const two = [...one, ...decided(one, saveSlot({ name: 'Evening' }, true, { slotId: 22 }))];
    given(timeSlotGroupDecider, two).when(del([booked('2026-12-10', 6)])).then([{ type: 'TimeSlotDeleted', data: KEY }]);
    const otherGone = [...two, { type: 'TimeSlotDeleted' as const, data: { ...KEY, id: 22 } }];
    given(timeSlotGroupDecider, otherGone).when(del([booked('2026-12-10', 6)])).thenThrows(slotHasBookings(6, '2026-12-10'));
  });
});

describe('time slot decider: slots follow their group', () => {
  it("take the group's capacity when its slots become independent, and lose theirs when they stop being", () => {
    const shared = [...createdGroup(), ...decided(createdGroup(), saveSlot())];
    const madeIndependent = decided(shared, saveGroup({ isTimeSlotsIndependant: true }, false));
    expect(madeIndependent.map((e) => e.type)).toEqual(['TimeSlotGroupChanged', 'TimeSlotChanged']);
    expect(madeIndependent[1]!.data).toMatchObject({ ...KEY, capacity: 40, minimumAdvancedBooking: 12 });

    const own = [...shared, ...madeIndependent, ...decided([...shared, ...madeIndependent], saveSlot({ capacity: 8 }, false))];
    const madeShared = decided(own, saveGroup({ isTimeSlotsIndependant: false }, false));
    expect(madeShared.map((e) => e.type)).toEqual(['TimeSlotGroupChanged', 'TimeSlotChanged']);
    expect(madeShared[1]!.data).toMatchObject({ ...KEY, capacity: null, minimumAdvancedBooking: null });
  });

  it('leave their capacity alone while the group stays as it was', () => {
    const history = [...independent(), ...decided(independent(), saveSlot({ capacity: 8 }))];
    expect(decided(history, saveGroup({ isTimeSlotsIndependant: true, capacity: 60 }, false)).map((e) => e.type)).toEqual(['TimeSlotGroupChanged']);
  });
});
