import { gridHeight } from './grid-height';

/**
 * The px a CSS height works out to in a window `vh` tall, the header measuring `header` px and the notes reserving
 * `notes` px (undefined: not set).
 */
function px(css: number | string, vh: number, header?: number, notes?: number): number {
  if (typeof css === 'number') return css;
  const js = css
    .replace(/var\(--app-header-height, (\d+)px\)/g, (_, fallback: string) => String(header ?? Number(fallback)))
    .replace(/var\(--notifications-reserve, (\d+)px\)/g, (_, fallback: string) => String(notes ?? Number(fallback)))
    .replace(/100vh/g, String(vh))
    .replace(/(\d+)px/g, '$1')
    .replace(/max\(/g, 'Math.max(')
    .replace(/calc\(/g, '(');
  expect(js).toMatch(/^[\d\s+\-*/().,Mathmax]+$/);
  return Number(new Function(`return ${js};`)());
}

describe('the grid height (window height less 160, the table offset and the header beyond one row)', () => {
  it('is as before under a one-row header, or while the header has not measured itself', () => {
    const css = gridHeight({ heightOffset: 140, fullscreen: false });
    expect(px(css, 768, 56)).toBe(768 - 160 - 140);
    expect(px(css, 768)).toBe(768 - 160 - 140);
  });

  it('takes off what a header wrapped to two rows adds (1024 × 700: the pager and the sums bar stay in the window)', () => {
    expect(px(gridHeight({ heightOffset: 140, fullscreen: false }), 700, 96)).toBe(700 - 160 - 140 - 40);
    expect(px(gridHeight({ heightOffset: 120, fullscreen: false }), 700, 104)).toBe(700 - 160 - 120 - 48);
  });

  it('keeps its minimum, ignores the header in full screen, and a fixed height stays fixed', () => {
    expect(px(gridHeight({ heightOffset: 140, fullscreen: false }), 400, 96)).toBe(220);
    expect(px(gridHeight({ heightOffset: 140, fullscreen: true }), 700, 96)).toBe(600);
    expect(gridHeight({ height: 150, heightOffset: 140, fullscreen: false })).toBe(150);
  });

  it('gives up the strip the notes take and the error bar, keeping the column headers and a row', () => {
    const css = gridHeight({ heightOffset: 142, fullscreen: false });
    expect(px(css, 768, 56, 147)).toBe(768 - 160 - 142 - 147);
    expect(px(gridHeight({ heightOffset: 142, fullscreen: false, errorBar: true }), 768, 56, 147)).toBe(768 - 160 - 142 - 147 - 44);
    expect(px(gridHeight({ heightOffset: 142, fullscreen: false, errorBar: true }), 768, 56)).toBe(768 - 160 - 142 - 44);
    expect(px(gridHeight({ heightOffset: 0, fullscreen: true }), 768, 56, 100)).toBe(768 - 100 - 100);
    // A short window: the grid's minimum first, then the notes' strip, down to the headers and a row.
    expect(px(css, 400, 96, 100)).toBe(220 - 100);
    expect(px(css, 400, 96, 300)).toBe(78 + 42);
    expect(gridHeight({ height: 150, heightOffset: 140, fullscreen: false, errorBar: true })).toBe(150);
  });
});
