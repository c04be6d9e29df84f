import { nearestRow } from './use-keep-focus';

describe('the cell the focus goes back to', () => {
  it('the same row when it is still there (saved in place), wherever it is now', () => {
    expect(nearestRow({ rowIndex: 4 }, 4, 10)).toBe(4);
    expect(nearestRow({ rowIndex: 4 }, 2, 10)).toBe(2);
    expect(nearestRow({ rowIndex: 0 }, 0, 1)).toBe(0);
  });

  it('a deleted row: the row now at its index, or the last one when it was the last', () => {
    expect(nearestRow({ rowIndex: 4 }, undefined, 9)).toBe(4);
    expect(nearestRow({ rowIndex: 9 }, null, 9)).toBe(8);
    expect(nearestRow({ rowIndex: 3 }, undefined, 0)).toBeNull();
  });
});
