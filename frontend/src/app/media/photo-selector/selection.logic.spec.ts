import { chosenFace, unknownIds } from './selection.logic';

const photo = (over: Partial<{ status: string; urlSmall: string | null; urlMedium: string | null }> = {}) => ({ status: 'ready', urlSmall: '/s.webp', urlMedium: '/m.webp', ...over });

describe('chosenFace', () => {
  it('shows the picture of a ready photo', () => {
    expect(chosenFace(photo(), false)).toBe('image');
    expect(chosenFace(photo({ urlSmall: null }), false)).toBe('image');
  });
  it('says processing or failed for a photo without variants', () => {
    expect(chosenFace(photo({ status: 'processing', urlSmall: null, urlMedium: null }), false)).toBe('processing');
    expect(chosenFace(photo({ status: 'failed', urlSmall: null, urlMedium: null }), false)).toBe('failed');
  });
  it('a photo not on the loaded pages is loading while it is looked up, then missing (never its raw id)', () => {
    expect(chosenFace(undefined, true)).toBe('loading');
    expect(chosenFace(undefined, false)).toBe('missing');
  });
});

describe('unknownIds', () => {
  it('keeps the chosen ids that no loaded page holds, in order', () => {
    expect(unknownIds([57, 3, 9], new Map([[3, {}]]))).toEqual([57, 9]);
    expect(unknownIds([], new Map())).toEqual([]);
  });
});
