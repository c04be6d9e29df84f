import { applyTimeInput, completeTime, endsNextDay, isCompleteTime, minuteOfDay, minutesToParts, minutesToTime, parseTime, timeToMinutes } from './time-of-day.pure';

/** Types `keys` one at a time into an empty time input. */
const type = (keys: string, start = '') => [...keys].reduce((prev, k) => applyTimeInput(prev, prev + k), start);

describe('time input (HH:MM)', () => {
  it('inserts the colon after two hour digits', () => {
    expect(applyTimeInput('1', '12')).toBe('12:');
    expect(type('1230')).toBe('12:30');
    expect(type('0905')).toBe('09:05');
  });

  it('accepts hours 00-23 and minutes 00-59 only; a wrong character keeps the previous value', () => {
    expect(type('2359')).toBe('23:59');
    expect(applyTimeInput('2', '24')).toBe('2');
    expect(applyTimeInput('12:', '12:6')).toBe('12:');
    expect(applyTimeInput('12:3', '12:3x')).toBe('12:3');
    expect(applyTimeInput('1', '1a')).toBe('1');
    expect(applyTimeInput('', 'a')).toBe('');
    expect(applyTimeInput('12', '12-')).toBe('12');
  });

  it('is at most 5 characters', () => {
    expect(applyTimeInput('12:30', '12:301')).toBe('12:30');
    expect(type('123456')).toBe('12:34');
  });

  it('pads a single hour digit that cannot start a two-digit hour', () => {
    expect(applyTimeInput('', '7')).toBe('07:');
    expect(applyTimeInput('', '9:')).toBe('09:');
    expect(applyTimeInput('', '2')).toBe('2');
  });

  it('takes pasted digits and lets the user delete', () => {
    expect(applyTimeInput('', '1745')).toBe('17:45');
    expect(applyTimeInput('', '2460')).toBe('');
    expect(applyTimeInput('12:', '12')).toBe('12');
    expect(applyTimeInput('12:30', '')).toBe('');
  });

  it('completes a partly typed time on blur', () => {
    expect(completeTime('2')).toBe('02:00');
    expect(completeTime('12:')).toBe('12:00');
    expect(completeTime('12:3')).toBe('12:30');
    expect(completeTime('')).toBe('');
  });

  it('knows a complete time', () => {
    expect(isCompleteTime('08:15')).toBe(true);
    expect(isCompleteTime('8:15')).toBe(false);
    expect(isCompleteTime('08:1')).toBe(false);
  });

  it('parses times; a parse failure gives 0:0', () => {
    expect(parseTime('08:15')).toEqual({ hours: 8, minutes: 15 });
    expect(parseTime('8:05')).toEqual({ hours: 8, minutes: 5 });
    expect(parseTime('23:59')).toEqual({ hours: 23, minutes: 59 });
    expect(parseTime('24:00')).toEqual({ hours: 0, minutes: 0 });
    expect(parseTime('12:60')).toEqual({ hours: 0, minutes: 0 });
    expect(parseTime('noon')).toEqual({ hours: 0, minutes: 0 });
    expect(parseTime('')).toEqual({ hours: 0, minutes: 0 });
    expect(parseTime(null)).toEqual({ hours: 0, minutes: 0 });
  });

  it('converts between HH:MM and minutes', () => {
    expect(timeToMinutes('01:30')).toBe(90);
    expect(timeToMinutes('bad')).toBe(0);
    expect(minutesToTime(90)).toBe('01:30');
    expect(minutesToTime(0)).toBe('00:00');
    expect(minutesToTime(1439)).toBe('23:59');
    expect(minutesToTime(1440)).toBe('00:00');
    expect(minutesToTime(Number.NaN)).toBe('00:00');
  });

  it('keeps a minute of the day; anything else is 0', () => {
    expect([0, 1439, 1440, -1, 10.5, null].map(minuteOfDay)).toEqual([0, 1439, 0, 0, 0, 0]);
  });

  it("reads an end before the start as the next day's; an end at the start is not (a slot of no length)", () => {
    expect([endsNextDay(840, 600), endsNextDay(600, 840), endsNextDay(600, 600)]).toEqual([true, false, false]);
  });

  it('splits minutes into hours and minutes', () => {
    expect(minutesToParts(615)).toEqual({ hours: 10, minutes: 15 });
    expect(minutesToParts(1439)).toEqual({ hours: 23, minutes: 59 });
    expect(minutesToParts(null)).toEqual({ hours: 0, minutes: 0 });
  });
});
