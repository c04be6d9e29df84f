import { focusAfterRemoval } from './row-focus.logic';

describe('focus after a removed row', () => {
  it('goes to the next row (now at the same place), else the previous one, else the Add button', () => {
    expect(focusAfterRemoval(0, 3)).toBe(0);
    expect(focusAfterRemoval(1, 3)).toBe(1);
    expect(focusAfterRemoval(2, 3)).toBe(1);
    expect(focusAfterRemoval(1, 2)).toBe(0);
    expect(focusAfterRemoval(0, 1)).toBeNull();
  });
});
