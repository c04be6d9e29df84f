import { formatDate, formatMoney, formatShortDate, timeSpan } from './format';

describe('dates in documents', () => {
  it('are DD.MM.YYYY, as on screens; a guest reads the weekday too, in the document language', () => {
    expect(formatShortDate('2026-12-02')).toBe('02.12.2026');
    expect(formatDate('2026-12-02', 'eng')).toBe('Wednesday, 02.12.2026');
    expect(formatDate('2026-12-02', 'rus')).toBe('среда, 02.12.2026');
  });
});

describe('hours in documents', () => {
  it('writes a span, one time when the end is unset or the same, nothing without a start, and (+1) after an overnight end', () => {
    expect([timeSpan(540, 780), timeSpan(540, null), timeSpan(540, 540), timeSpan(null, 780)]).toEqual(['09:00–13:00', '09:00', '09:00', '']);
    expect(timeSpan(1200, 120)).toBe('20:00–02:00 (+1)');
    expect(timeSpan(1200, 120, ' – ')).toBe('20:00 – 02:00 (+1)');
  });
});

describe('amounts in documents', () => {
  it('are written as the language writes them, on one line', () => {
    expect(formatMoney(1354.5)).toBe('1,354.50');
    expect(formatMoney(1354.5, 'rus')).toBe('1\u00a0354,50');
    expect(formatMoney(0, 'rus')).toBe('0,00');
  });
});
