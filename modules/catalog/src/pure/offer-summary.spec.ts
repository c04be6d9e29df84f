import { summaryPeriod, summaryPeriodAt } from './offer-summary.pure';

const period = (id: number, start: string, end: string) => ({ id, periodStart: `${start}T08:00:00.000Z`, periodEnd: `${end}T08:00:00.000Z` });

describe('the summary valid period', () => {
  const winter = period(1, '2026-10-26', '2027-05-31');
  const june = period(2, '2027-06-01', '2027-06-30');
  const past = period(3, '2026-01-01', '2026-03-31');

  it('is the one in force now, not a later one ending last', () => {
    expect(summaryPeriodAt([winter, june, past], '2026-11-30T00:00:00.000Z')?.id).toBe(1);
    expect(summaryPeriod([winter, june, past])?.id).toBe(2);
    // Two in force: the one that started last.
    expect(summaryPeriodAt([winter, period(4, '2026-11-15', '2026-12-31')], '2026-11-30T00:00:00.000Z')?.id).toBe(4);
  });

  it('else the next to start, else the one ending last; none without periods', () => {
    expect(summaryPeriodAt([june, past], '2026-11-30T00:00:00.000Z')?.id).toBe(2);
    expect(summaryPeriodAt([june, period(5, '2027-01-01', '2027-01-31')], '2026-11-30T00:00:00.000Z')?.id).toBe(5);
    expect(summaryPeriodAt([past, winter], '2028-01-01T00:00:00.000Z')?.id).toBe(1);
    expect(summaryPeriodAt([], '2026-11-30T00:00:00.000Z')).toBeNull();
  });
});
