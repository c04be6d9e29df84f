import { timeRange } from './day-format';

describe('timeRange', () => {
  it('writes HH:MM–HH:MM, the one end set, or nothing; an end before the start is the next day’s (+1)', () => {
    expect([timeRange(540, 780), timeRange(540, null), timeRange(null, 780), timeRange(540, 540), timeRange(null, null)]).toEqual(['09:00–13:00', '09:00', '13:00', '09:00', '']);
    expect(timeRange(1200, 120)).toBe('20:00–02:00 (+1)');
  });
});
