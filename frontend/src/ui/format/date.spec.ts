import { applyDateInput, formatDate, formatDateRange, fromIsoDate, isReversedRange, isValidDisplayDate, monthGrid, parseDate, toIsoDate } from './date';

describe('dates (DD.MM.YYYY, ISO in queries)', () => {
  it('formats Dates and ISO dates as DD.MM.YYYY', () => {
    expect(formatDate(new Date(2025, 2, 7))).toBe('07.03.2025');
    expect(formatDate('2025-12-31')).toBe('31.12.2025');
    expect(formatDate('07.03.2025')).toBe('07.03.2025');
    expect(formatDate('')).toBe('');
    expect(formatDate(null)).toBe('');
    expect(formatDate('2025-02-30')).toBe('');
    expect(formatDate(new Date('nope'))).toBe('');
  });

  it('reads an ISO date-time in local time', () => {
    const local = new Date(2025, 5, 1, 23, 30);
    expect(formatDate(local.toISOString())).toBe('01.06.2025');
  });

  it('parses DD.MM.YYYY strictly', () => {
    expect(parseDate('29.02.2024')).toEqual(new Date(2024, 1, 29));
    expect(parseDate('29.02.2025')).toBeNull();
    expect(parseDate('31.04.2025')).toBeNull();
    expect(parseDate('1.2.2025')).toBeNull();
    expect(parseDate('2025-01-02')).toBeNull();
    expect(parseDate('01.13.2025')).toBeNull();
    expect(parseDate('00.01.2025')).toBeNull();
    expect(parseDate(' 05.01.2025 ')).toEqual(new Date(2025, 0, 5));
    expect(isValidDisplayDate('05.01.2025')).toBe(true);
    expect(isValidDisplayDate('05.01.202')).toBe(false);
    expect([isReversedRange('10.12.2026', '05.12.2026'), isReversedRange('05.12.2026', '05.12.2026'), isReversedRange('10.12.2026', ''), isReversedRange('31.12.2026', '01.01.2027')]).toEqual([true, false, false, false]);
  });

  it('gives ISO YYYY-MM-DD for query strings', () => {
    expect(toIsoDate('07.03.2025')).toBe('2025-03-07');
    expect(toIsoDate(new Date(2025, 0, 9))).toBe('2025-01-09');
    expect(toIsoDate('2025-01-09')).toBe('2025-01-09');
    expect(toIsoDate('32.01.2025')).toBe('');
    expect(fromIsoDate('2025-01-09')).toEqual(new Date(2025, 0, 9));
    expect(fromIsoDate('09.01.2025')).toBeNull();
  });

  it('masks typing: digits and dots, dots inserted, 10 characters at most', () => {
    const type = (keys: string) => [...keys].reduce((prev, k) => applyDateInput(prev, prev + k), '');
    expect(type('07032025')).toBe('07.03.2025');
    expect(type('0703202512')).toBe('07.03.2025');
    // [text before, text typed, text kept]
    const cases: [string, string, string][] = [
      ['0', '0a', '0'],
      ['3', '32', '3'],
      ['', '4', ''],
      ['07.', '07.2', '07.'],
      ['07.1', '07.13', '07.1'],
      ['', '07032025', '07.03.2025'],
      ['07.03.', '07.03', '07.03'],
    ];
    for (const [before, typed, kept] of cases) expect([before, typed, applyDateInput(before, typed)]).toEqual([before, typed, kept]);
  });

  it('builds a Monday-first month grid of 6 weeks', () => {
    const grid = monthGrid(2025, 0); // January 2025 starts on a Wednesday
    expect(grid).toHaveLength(42);
    expect(grid[0]).toEqual(new Date(2024, 11, 30));
    expect(grid[2]).toEqual(new Date(2025, 0, 1));
  });

  it('shortens a range within one year and keeps both years across a new year', () => {
    expect(formatDateRange('29.11.2026', '13.12.2026')).toBe('29.11 – 13.12.2026');
    expect(formatDateRange('28.12.2026', '11.01.2027')).toBe('28.12.2026 – 11.01.2027');
    expect(formatDateRange('29.11.2026', '31.02.2026')).toBe('29.11.2026 – 31.02.2026');
  });
});
