import { selectionBefore } from './refused-edit';

describe('selectionBefore', () => {
  it('a key typed over the whole text: the whole text was selected', () => {
    expect(selectionBefore('2', '-', 1, '-')).toEqual([0, 1]);
    expect(selectionBefore('150', 'x', 1, 'x')).toEqual([0, 3]);
  });

  it('a key typed over part of the text, or at a caret', () => {
    expect(selectionBefore('12345', '1x45', 2, 'x')).toEqual([1, 3]);
    expect(selectionBefore('12', '12a', 3, 'a')).toEqual([2, 2]);
    expect(selectionBefore('12', 'a12', 1, 'a')).toEqual([0, 0]);
  });

  it('a deletion selects what it deleted; a paste without its text puts the caret where it went in', () => {
    expect(selectionBefore('12', '1', 1, null)).toEqual([1, 2]);
    expect(selectionBefore('12', '1abc2', 4, null)).toEqual([1, 1]);
  });
});
