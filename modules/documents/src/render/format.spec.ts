import { formatDate, formatShortDate } from './format';

describe('dates in documents', () => {
  it('are DD.MM.YYYY, as on screens; a guest reads the weekday too, in the document language', () => {
    expect(formatShortDate('2026-12-02')).toBe('02.12.2026');
    expect(formatDate('2026-12-02', 'eng')).toBe('Wednesday, 02.12.2026');
    expect(formatDate('2026-12-02', 'rus')).toBe('среда, 02.12.2026');
  });
});
