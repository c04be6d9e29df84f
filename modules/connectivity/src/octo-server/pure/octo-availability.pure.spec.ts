import { availabilityOf, calendarDayOf, cutoffOf, slotKeys, slotOfAvailability, statusOf, type SlotFacts } from './octo-availability.pure';
import { localDateTime, parseAvailabilityId, utc } from './octo-time.pure';

const slot = (timeSlotId: number, over: Partial<SlotFacts> = {}): SlotFacts => ({ timeSlotId, timeType: 0, startTime: 9 * 60, endTime: 10 * 60 + 30, daysOffered: 0, minimumAdvancedBooking: 2, isDeleted: false, ...over });

describe('OCTO availability of our slots', () => {
  it('writes local times with Dubai offset, past midnight on the next day', () => {
    expect(localDateTime('2026-12-01', 9 * 60)).toBe('2026-12-01T09:00:00+04:00');
    expect(localDateTime('2026-12-31', 24 * 60 + 30)).toBe('2027-01-01T00:30:00+04:00');
    expect(utc(new Date('2026-12-01T05:00:00.123Z'))).toBe('2026-12-01T05:00:00Z');
  });

  it('names each slot by its start; a second slot starting at the same minute carries its slot id, and each id finds its slot back', () => {
    const slots = [slot(12), slot(7), slot(9, { startTime: 15 * 60 }), slot(3, { timeType: 1, startTime: 10 * 60, endTime: 22 * 60 })];
    const keys = slotKeys(slots);
    expect(keys.get(7)).toEqual({ start: 540, suffixed: false });
    expect(keys.get(12)).toEqual({ start: 540, suffixed: true });
    expect(keys.get(3)).toEqual({ start: 0, suffixed: false });
    for (const [id, want] of [['2026-12-01T09:00:00+04:00', 7], ['2026-12-01T09:00:00+04:00#s12', 12], ['2026-12-01T15:00:00+04:00', 9], ['2026-12-01T00:00:00+04:00', 3]] as const) {
      expect(slotOfAvailability(slots, parseAvailabilityId(id)!)?.timeSlotId).toBe(want);
    }
    expect(slotOfAvailability(slots, parseAvailabilityId('2026-12-01T09:00:00+04:00#s7')!)).toBeNull();
    for (const bad of ['2026-12-01T09:00:00Z', '2026-02-30T09:00:00+04:00', '2026-12-01T24:00:00+04:00', 42]) expect(parseAvailabilityId(bad)).toBeNull();
  });

  it('reads the seats as the standard says: LIMITED under half, SOLD_OUT at none, CLOSED when closed or past the cutoff', () => {
    expect(statusOf({ capacity: 20, left: 10, closed: false }, true)).toBe('AVAILABLE');
    expect(statusOf({ capacity: 20, left: 9, closed: false }, true)).toBe('LIMITED');
    expect(statusOf({ capacity: 20, left: 0, closed: false }, true)).toBe('SOLD_OUT');
    expect(statusOf({ capacity: 20, left: 20, closed: true }, true)).toBe('CLOSED');
    expect(statusOf({ capacity: 20, left: 20, closed: false }, false)).toBe('CLOSED');
  });

  it('an Anytime slot is the whole day with its hours; the cutoff is its opening less the minimum advance', () => {
    const anytime = slot(3, { timeType: 1, startTime: 10 * 60, endTime: 22 * 60, minimumAdvancedBooking: -2 });
    const a = availabilityOf({ slot: anytime, keys: slotKeys([anytime]), date: '2026-12-01', seats: { capacity: 50, left: 50, closed: false }, now: new Date('2026-11-30T00:00:00Z'), maxUnits: 10 });
    expect(a).toMatchObject({ id: '2026-12-01T00:00:00+04:00', allDay: true, localDateTimeEnd: '2026-12-02T00:00:00+04:00', openingHours: [{ from: '10:00', to: '22:00' }], utcCutoffAt: '2026-12-01T08:00:00Z', available: true });
    const fixed = slot(7);
    const b = availabilityOf({ slot: fixed, keys: slotKeys([fixed]), date: '2026-12-01', seats: { capacity: 20, left: 3, closed: false }, now: new Date('2026-11-30T00:00:00Z'), maxUnits: 10, seatsWanted: 4 });
    expect(b).toMatchObject({ utcCutoffAt: '2026-12-01T03:00:00Z', status: 'LIMITED', vacancies: 3, available: false });
    expect(calendarDayOf('2026-12-01', [a, b])).toMatchObject({ available: true, status: 'AVAILABLE', vacancies: 50, capacity: 50 });
    expect(calendarDayOf('2026-12-02', [])).toMatchObject({ available: false, status: 'CLOSED' });
  });

  it('units the offer refuses make the slot unavailable for them, though it still sells to others', () => {
    const fixed = slot(7);
    const args = { slot: fixed, keys: slotKeys([fixed]), date: '2026-12-01', seats: { capacity: 40, left: 40, closed: false }, now: new Date('2026-11-30T00:00:00Z'), maxUnits: 30, seatsWanted: 31 };
    expect(availabilityOf(args)).toMatchObject({ available: true, status: 'AVAILABLE' });
    expect(availabilityOf({ ...args, unitsRefused: true })).toMatchObject({ available: false, status: 'AVAILABLE', vacancies: 40 });
  });

  it("closes an Anytime slot's sales its minimum advance before its opening time, as the back office does", () => {
    const anytime = slot(7, { timeType: 1, startTime: 10 * 60, endTime: 22 * 60, minimumAdvancedBooking: 20 });
    // 10:00 Dubai on 02.12 is 06:00Z; 20 hours before it is 10:00Z on 01.12.
    expect(cutoffOf(anytime, '2026-12-02').toISOString()).toBe('2026-12-01T10:00:00.000Z');
    expect(cutoffOf(slot(8, { timeType: 2, startTime: 10 * 60, minimumAdvancedBooking: 20 }), '2026-12-02').toISOString()).toBe('2026-12-01T00:00:00.000Z');
    expect(cutoffOf(slot(9, { minimumAdvancedBooking: 2 }), '2026-12-02').toISOString()).toBe('2026-12-02T03:00:00.000Z');
  });
});
