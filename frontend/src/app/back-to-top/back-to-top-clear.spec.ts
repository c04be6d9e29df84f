import { BACK_TO_TOP_GAP, backToTopBottom } from './back-to-top-clear';

describe('backToTopBottom (the back-to-top button rises above a bar in its corner)', () => {
  const phone = { width: 390, height: 844 };
  const bar = (top: number, bottom: number, left = 24, right = 366) => ({ top, bottom, left, right });

  it('keeps its own place with no bar, or with a bar elsewhere', () => {
    expect(backToTopBottom([], phone)).toBeNull();
    // Ends above the button, on the left half only, below the window, or empty.
    expect(backToTopBottom([bar(500, 700)], phone)).toBeNull();
    expect(backToTopBottom([bar(740, 844, 0, 200)], phone)).toBeNull();
    expect(backToTopBottom([bar(900, 1000)], phone)).toBeNull();
    expect(backToTopBottom([bar(800, 800)], phone)).toBeNull();
  });

  it('sits just above a sticky save bar at the bottom of a phone, or of a narrow desktop window', () => {
    expect(backToTopBottom([bar(740, 844)], phone)).toBe(844 - 740 + BACK_TO_TOP_GAP);
    // The bar in its own place at the end of the page, a little above the window's edge.
    expect(backToTopBottom([bar(700, 820)], phone)).toBe(844 - 700 + BACK_TO_TOP_GAP);
    expect(backToTopBottom([bar(680, 768, 24, 1164)], { width: 1180, height: 768 })).toBe(768 - 680 + BACK_TO_TOP_GAP);
  });

  it('keeps its own place at 1366 px, where the 1140 px form ends left of it', () => {
    expect(backToTopBottom([bar(680, 768, 24, 1164)], { width: 1366, height: 768 })).toBeNull();
  });

  it('rises above the highest of several bars', () => {
    expect(backToTopBottom([bar(780, 844), bar(720, 790)], phone)).toBe(844 - 720 + BACK_TO_TOP_GAP);
  });
});
