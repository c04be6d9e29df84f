import { chooseDaysOffered, dayFlag, daysOfferedList, daysOfferedMask, isDateOffered, isWeekdayOffered, normalizeDaysOffered } from './days-offered.pure';

describe('days offered: the bitmask', () => {
  it('gives day n the bit n-1: Monday 1 ... Sunday 64', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(dayFlag)).toEqual([1, 2, 4, 8, 16, 32, 64]);
  });

  it('stores every day as 0, whether sent as 0 or as all seven bits', () => {
    expect(normalizeDaysOffered(0)).toBe(0);
    expect(normalizeDaysOffered(127)).toBe(0);
    expect(normalizeDaysOffered(255)).toBe(0);
    expect(normalizeDaysOffered(1 | 64)).toBe(65);
    expect(normalizeDaysOffered(128 | 2)).toBe(2);
    expect(normalizeDaysOffered(null)).toBe(0);
    expect(normalizeDaysOffered(-3)).toBe(0);
    expect(normalizeDaysOffered(2.5)).toBe(0);
  });

  it('turns a mask into the multi-choice values and back', () => {
    expect(daysOfferedList(0)).toEqual([0]);
    expect(daysOfferedList(127)).toEqual([0]);
    expect(daysOfferedList(1 | 4 | 64)).toEqual([1, 4, 64]);
    expect(daysOfferedMask([1, 4, 64])).toBe(69);
    expect(daysOfferedMask([64, 1])).toBe(65);
    expect(daysOfferedMask([0, 2])).toBe(0);
    expect(daysOfferedMask([])).toBe(0);
    expect(daysOfferedMask(null)).toBe(0);
    expect(daysOfferedMask([1, 2, 4, 8, 16, 32, 64])).toBe(0);
    expect(daysOfferedMask([3, 2])).toBe(2);
    for (let mask = 1; mask < 127; mask++) expect(daysOfferedMask(daysOfferedList(mask))).toBe(mask);
  });
});

describe('days offered: the multi-choice rule (spec 02 §5)', () => {
  it("choosing 'all' clears the other days", () => {
    expect(chooseDaysOffered([1, 4], [1, 4, 0])).toEqual([0]);
  });

  it("choosing a day removes 'all'", () => {
    expect(chooseDaysOffered([0], [0, 16])).toEqual([16]);
    expect(chooseDaysOffered([0], [16, 0])).toEqual([16]);
  });

  it("an empty choice becomes 'all'", () => {
    expect(chooseDaysOffered([4], [])).toEqual([0]);
    expect(chooseDaysOffered([0], [])).toEqual([0]);
  });

  it('keeps the days chosen, in option order, and ignores values that are not options', () => {
    expect(chooseDaysOffered([64], [64, 1])).toEqual([1, 64]);
    expect(chooseDaysOffered([1], [1, 3])).toEqual([1]);
    expect(chooseDaysOffered([0], [0])).toEqual([0]);
  });
});

describe('days offered: is a date offered', () => {
  it('answers by the ISO weekday of a calendar date', () => {
    // 2026-11-23 is a Monday, 2026-11-29 a Sunday.
    expect(isDateOffered(1, '2026-11-23')).toBe(true);
    expect(isDateOffered(1, '2026-11-24')).toBe(false);
    expect(isDateOffered(64, '2026-11-29')).toBe(true);
    expect(isDateOffered(32 | 64, '2026-11-28')).toBe(true);
    expect(isWeekdayOffered(2, 2)).toBe(true);
    expect(isWeekdayOffered(2, 3)).toBe(false);
  });

  it('offers every date with 0 or all seven bits', () => {
    for (const date of ['2026-11-23', '2026-11-26', '2026-11-29']) {
      expect(isDateOffered(0, date)).toBe(true);
      expect(isDateOffered(127, date)).toBe(true);
    }
  });

  it('never offers text that is not a date', () => {
    expect(isDateOffered(0, '2026-02-30')).toBe(false);
    expect(isDateOffered(0, '23.11.2026')).toBe(false);
    expect(isDateOffered(0, '')).toBe(false);
  });
});
