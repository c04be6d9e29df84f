import { given } from '@tbo/kernel/src/decider/decider.testing';
import { slotHasBookings, slotTimesLocked, STALE_ITEM, timeSlotGroupDecider } from './time-slot-group';
import { createdGroup, decided, expectRefused, GROUP, saveSlot } from './time-slot.testing';

/*
 * What a slot's guests already booked keep it from: changing the times they were sold with, or being deleted
 * from under them (in a shared group too, where the group's seats do not say which slot sold them).
 */
const KEY = { id: 21, groupId: 9, supplierId: 5 };
const withSlot = () => [...createdGroup(), ...decided(createdGroup(), saveSlot())];
const sold = { seats: 4, date: '2026-12-05' };

describe('time slot decider: times under bookings', () => {
  it('refuses a change of start, end or kind of time while guests are booked, naming the first date', () => {
    const message = slotTimesLocked(4, '2026-12-05');
    expect(message).toContain('it has 4 guests booked on 05.12.2026');
    for (const over of [{ startTime: 540 }, { endTime: 780 }, { timeType: 2 as const }]) {
      expect(() => decided(withSlot(), saveSlot(over, false, { slotBooked: sold }))).toThrow(message);
    }
    expectRefused(() => decided(withSlot(), saveSlot({ startTime: 540, endTime: 780 }, false, { slotBooked: sold })), 'startTimeDescription', message);
  });

  it('lets a rename, the type and the days change under bookings, and the times once none is booked', () => {
    for (const over of [{ name: 'Early morning' }, { type: 1 as const, cutOffResponseTime: 6 }, { daysOffered: 2 }]) {
      expect(decided(withSlot(), saveSlot(over, false, { slotBooked: sold }))).toHaveLength(1);
    }
    expect(decided(withSlot(), saveSlot({ startTime: 540 }, false, { slotBooked: null }))).toHaveLength(1);
  });

  it('answers changed times the handler did not read the bookings for as stale', () => {
    given(timeSlotGroupDecider, withSlot()).when(saveSlot({ startTime: 540 }, false, { slotBooked: undefined })).thenThrows(STALE_ITEM);
  });
});

describe("time slot decider: deleting a shared group's slot with its own bookings", () => {
  it('refuses it even with other live slots left; without bookings of its own it goes', () => {
    const two = [...withSlot(), ...decided(withSlot(), saveSlot({ name: 'Evening' }, true, { slotId: 22 }))];
    const del = (slotBooked: typeof sold | null) => ({ type: 'DeleteTimeSlot' as const, ...GROUP, slotId: 21, bookedDepartures: [], slotBooked });
    given(timeSlotGroupDecider, two).when(del(sold)).thenThrows(slotHasBookings(4, '2026-12-05'));
    given(timeSlotGroupDecider, two).when(del(null)).then([{ type: 'TimeSlotDeleted', data: KEY }]);
  });
});
