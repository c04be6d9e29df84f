import { businessDateInput } from './input-rules';

const messages = (v: unknown) => {
  const r = businessDateInput('date').safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('businessDateInput', () => {
  it('takes a real calendar day within the years 2000 to 2100', () => {
    expect(businessDateInput('date').parse('2026-12-01')).toBe('2026-12-01');
  });

  it('says one thing of each wrong date: not a date, or a date out of the years', () => {
    expect(messages('2026-13-01')).toEqual(['date must be a date (YYYY-MM-DD)']);
    expect(messages('2026-02-30')).toEqual(['date must be a date (YYYY-MM-DD)']);
    expect(messages('01.12.2026')).toEqual(['date must be a date (YYYY-MM-DD)']);
    expect(messages('1999-12-31')).toEqual(['date must be between the years 2000 and 2100']);
  });
});
