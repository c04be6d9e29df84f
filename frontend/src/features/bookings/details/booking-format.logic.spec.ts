import { aed, formatBusinessDate, formatDubaiDateTime, formatTimeOfDay, formatTimeRange, isOverdue, signedMoney, signedUsdAed, usd, usdAed } from './booking-format.logic';

describe('booking panel formatting', () => {
  it('writes instants as Dubai wall time (UTC+4), DD.MM.YYYY HH:MM, across the date line', () => {
    expect(formatDubaiDateTime('2026-12-01T05:00:00.000Z')).toBe('01.12.2026 09:00');
    expect(formatDubaiDateTime('2026-12-31T21:30:00Z')).toBe('01.01.2027 01:30');
    expect(formatDubaiDateTime('2026-06-15T23:59:00+04:00')).toBe('15.06.2026 23:59');
    expect(formatDubaiDateTime('not a date')).toBe('');
    expect(formatDubaiDateTime(null)).toBe('');
  });

  it('writes business dates DD.MM.YYYY and times of day HH:MM, from minutes or text', () => {
    expect(formatBusinessDate('2026-12-01')).toBe('01.12.2026');
    expect(formatBusinessDate(null)).toBe('');
    expect(formatTimeOfDay(540)).toBe('09:00');
    expect(formatTimeOfDay(0)).toBe('00:00');
    expect(formatTimeOfDay('9:05')).toBe('09:05');
    expect(formatTimeOfDay('13:30:00')).toBe('13:30');
    expect(formatTimeOfDay(null)).toBe('');
    expect(formatTimeRange(480, 510)).toBe('08:00–08:30');
    expect(formatTimeRange(480, null)).toBe('08:00');
    expect(formatTimeRange(1200, '02:00')).toBe('20:00–02:00 (+1)');
    expect(formatTimeRange(null, null)).toBe('');
  });

  it('writes money with 2 decimals in USD and AED, and differences with their sign', () => {
    expect(usd(250)).toBe('USD 250.00');
    expect(aed(912.5)).toBe('AED 912.50');
    expect(usdAed(1234.5, 4505.925)).toBe('USD 1,234.50 · AED 4,505.93');
    expect(signedMoney(50)).toBe('+50.00');
    expect(signedMoney(-12.5)).toBe('−12.50');
    expect(signedMoney(0.001)).toBe('0.00');
    expect(signedUsdAed(100, 365)).toBe('USD +100.00 · AED +365.00');
  });

  it('calls a pending booking overdue past its response time (the server may say so first)', () => {
    const now = Date.parse('2026-12-01T10:00:00Z');
    const pending = { status: 1, isOverdue: false, responseDueAt: '2026-12-01T09:00:00Z' };
    expect(isOverdue(pending, now)).toBe(true);
    expect(isOverdue({ ...pending, responseDueAt: '2026-12-01T11:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ ...pending, responseDueAt: '2026-12-01T11:00:00Z', isOverdue: true }, now)).toBe(true);
    expect(isOverdue({ ...pending, responseDueAt: null }, now)).toBe(false);
    expect(isOverdue({ status: 0, isOverdue: true, responseDueAt: '2026-12-01T09:00:00Z' }, now)).toBe(false);
    expect(isOverdue({ status: 4, isOverdue: false, responseDueAt: '2026-12-01T09:00:00Z' }, now)).toBe(false);
  });
});
