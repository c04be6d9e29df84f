import { DEFAULT_COLUMN_WIDTH, minWidthOf } from './column-width';

describe('column widths', () => {
  it('keeps a flex column at least as wide as it asks, and lets other columns shrink to 60 px', () => {
    expect(minWidthOf({ width: 170, flex: 1 })).toBe(170);
    expect(minWidthOf({ flex: 2 })).toBe(DEFAULT_COLUMN_WIDTH);
    expect(minWidthOf({ width: 170 })).toBe(60);
    expect(minWidthOf({ width: 44 })).toBe(44);
  });
});
