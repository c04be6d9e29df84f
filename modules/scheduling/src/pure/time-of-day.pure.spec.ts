import { minuteOfDay, minutesToTime, slotTimeFields, slotTimeInput, timeToMinutes } from './time-of-day.pure';

describe('slot times', () => {
  it("are the kernel's HH:MM helpers: one home for the conversion", () => {
    expect(timeToMinutes('08:30')).toBe(510);
    expect(minutesToTime(510)).toBe('08:30');
  });

  it('take the HH:MM text when sent (a parse failure is 0:0), else the minutes', () => {
    expect(slotTimeInput('09:15', 10)).toBe(555);
    expect(slotTimeInput('9:5', 10)).toBe(545);
    expect(slotTimeInput('noon', 600)).toBe(0);
    expect(slotTimeInput('', 600)).toBe(0);
    expect(slotTimeInput('24:00', 600)).toBe(0);
    expect(slotTimeInput(null, 600)).toBe(600);
    expect(slotTimeInput(undefined, 1440)).toBe(0);
  });

  it('keep minutes within the day; anything else is 0', () => {
    expect(minuteOfDay(0)).toBe(0);
    expect(minuteOfDay(1439)).toBe(1439);
    expect(minuteOfDay(1440)).toBe(0);
    expect(minuteOfDay(-1)).toBe(0);
    expect(minuteOfDay(10.5)).toBe(0);
    expect(minuteOfDay(null)).toBe(0);
  });

  it('answer HH:MM and the hour and minute of start and end', () => {
    expect(slotTimeFields(495, 1439)).toEqual({
      startTime: 495,
      endTime: 1439,
      startTimeDescription: '08:15',
      endTimeDescription: '23:59',
      startHour: 8,
      startMinute: 15,
      endHour: 23,
      endMinute: 59,
    });
  });
});
