import { isSavablePolicyRow, samePolicy, savablePolicyRows } from './cancellation-policy.logic';

describe('savablePolicyRows (spec 01 §5)', () => {
  it('keeps the rows with non-zero hours and percents, in order', () => {
    expect(
      savablePolicyRows([
        { hours: 48, percents: 100 },
        { hours: 24, percents: 50 },
      ]),
    ).toEqual([
      { hours: 48, percents: 100 },
      { hours: 24, percents: 50 },
    ]);
  });

  it('leaves out a row with 0 hours or 0 percents', () => {
    expect(
      savablePolicyRows([
        { hours: 0, percents: 50 },
        { hours: 72, percents: 100 },
        { hours: 12, percents: 0 },
        { hours: 0, percents: 0 },
      ]),
    ).toEqual([{ hours: 72, percents: 100 }]);
  });

  it('leaves out rows with missing values', () => {
    expect(savablePolicyRows([{ hours: null, percents: 10 }, { hours: 5, percents: undefined }, { hours: Number.NaN, percents: 3 }])).toEqual([]);
  });

  it('treats no rows (or nothing at all) as an empty policy', () => {
    expect(savablePolicyRows([])).toEqual([]);
    expect(savablePolicyRows(null)).toEqual([]);
    expect(savablePolicyRows(undefined)).toEqual([]);
  });

  it('reports plain rows without editor bookkeeping', () => {
    const rows = [{ hours: 6, percents: 25, key: 'a', editing: false }];
    expect(savablePolicyRows(rows)).toEqual([{ hours: 6, percents: 25 }]);
    expect(Object.keys(savablePolicyRows(rows)[0]!)).toEqual(['hours', 'percents']);
  });

  it('does not change its input', () => {
    const rows = [
      { hours: 0, percents: 10 },
      { hours: 1, percents: 10 },
    ];
    savablePolicyRows(rows);
    expect(rows).toHaveLength(2);
  });
});

describe('isSavablePolicyRow', () => {
  it.each([
    [1, 1, true],
    [9999, 100, true],
    [0, 100, false],
    [24, 0, false],
    [0, 0, false],
  ])('%p hours, %p percents → %p', (hours, percents, ok) => {
    expect(isSavablePolicyRow({ hours, percents })).toBe(ok);
  });
});

describe('samePolicy', () => {
  it('compares rows in order', () => {
    expect(samePolicy([{ hours: 1, percents: 2 }], [{ hours: 1, percents: 2 }])).toBe(true);
    expect(samePolicy([{ hours: 1, percents: 2 }], [{ hours: 1, percents: 3 }])).toBe(false);
    expect(samePolicy([], [{ hours: 1, percents: 3 }])).toBe(false);
  });
});
