import { z } from 'zod';
import { businessDateInput, idList, idListOf, instantInRange, wholeNumberQuery } from './input-rules';

const said = (schema: z.ZodType, v: unknown) => {
  const r = schema.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};
const messages = (v: unknown) => said(businessDateInput('date'), v);

describe('businessDateInput', () => {
  it('takes a real calendar day within the years 2000 to 2100', () => {
    expect(businessDateInput('date').parse('2026-12-01')).toBe('2026-12-01');
  });

  it('says one thing of each wrong date: not a date, or a date out of the years', () => {
    expect(messages('2026-13-01')).toEqual(['date must be a date (YYYY-MM-DD)']);
    expect(messages('2026-02-30')).toEqual(['date must be a date (YYYY-MM-DD)']);
    expect(messages('01.12.2026')).toEqual(['date must be a date (YYYY-MM-DD)']);
    expect(messages('1999-12-31')).toEqual(['date must be between the years 2000 and 2100']);
    // Longer than a date: said once, not once for the length and again for the shape.
    expect(messages('2026-12-21T10:00:00Z')).toEqual(['date must be a date (YYYY-MM-DD)']);
    expect(messages('9'.repeat(5000))).toEqual(['date must be a date (YYYY-MM-DD)']);
  });

  it('says a date left out is required, and one of another type what it must be', () => {
    expect(messages(undefined)).toEqual(['date is required']);
    expect(messages(20261201)).toEqual(['date must be a date (YYYY-MM-DD)']);
  });
});

describe('instantInRange', () => {
  it('says a wrong date-time once', () => {
    expect(said(instantInRange('From'), 'x'.repeat(50))).toEqual(['From must be a date']);
    expect(said(instantInRange('From'), '1999-01-01T00:00:00Z')).toEqual(['From must be between the years 2000 and 2100']);
  });
});

describe('wholeNumberQuery', () => {
  const page = wholeNumberQuery('page', 1, 2147483647);

  it('takes a number, or its decimal digits as text', () => {
    expect(page.parse(2)).toBe(2);
    expect(page.parse('2')).toBe(2);
    expect(page.parse('002')).toBe(2);
  });

  it('refuses what Number() would have coerced: other types, hex, exponents and empty text', () => {
    for (const v of [true, false, null, [2], [[2]], { n: 2 }]) expect(said(page, v)).toEqual(['page must be a number']);
    for (const v of ['0x2', '1e3', '', ' ', '2 ', 'Infinity', 'two']) expect(said(page, v)).toEqual(['page must be a whole number']);
    expect(said(page, undefined)).toEqual(['page is required']);
  });

  it('says which check a number fails', () => {
    expect(said(page, '1.5')).toEqual(['page must be a whole number']);
    expect(said(page, 1.5)).toEqual(['page must be a whole number']);
    expect(said(page, '0')).toEqual(['page must be at least 1']);
    expect(said(page, '-3')).toEqual(['page must be at least 1']);
    expect(said(page, '1000000000000000')).toEqual(['page must be at most 2147483647']);
    expect(said(page, '9'.repeat(400))).toEqual(['page must be at most 2147483647']);
  });
});

describe('idListOf', () => {
  it("names its field: a value that is no list, and a list too long", () => {
    expect(said(idListOf('hotelIds'), { a: 1 })).toEqual(['hotelIds must be a list of ids']);
    expect(said(idListOf('hotelIds'), Array.from({ length: 1001 }, (_, i) => i))).toEqual(['hotelIds must list at most 1000 ids']);
    expect(idListOf('hotelIds').parse('1,2')).toEqual([1, 2]);
  });

  it('without a name, is worded for the pipe to put the field first', () => {
    expect(said(idList, { a: 1 })).toEqual(['Send a list of ids']);
    expect(said(idList, Array.from({ length: 1001 }, (_, i) => i))).toEqual(['A list may hold at most 1000 ids']);
  });
});
