import { MANIFEST_CONTENT_WIDTH, MANIFEST_TABLE_LAYOUT, MANIFEST_WIDTHS } from './manifest.document';

describe("the manifest's table", () => {
  it('fits A4 landscape with room for the tour and ticket: fixed widths and cell padding leave it at least 100 pt', () => {
    const node = { table: { widths: MANIFEST_WIDTHS } };
    const columns = MANIFEST_WIDTHS.map((_, i) => i);
    const padding = columns.reduce((sum, i) => sum + MANIFEST_TABLE_LAYOUT.paddingLeft(i) + MANIFEST_TABLE_LAYOUT.paddingRight(i, node), 0);
    const fixed = MANIFEST_WIDTHS.reduce<number>((sum, w) => sum + (typeof w === 'number' ? w : 0), 0);
    expect(MANIFEST_WIDTHS.filter((w) => w === '*')).toHaveLength(1);
    expect(MANIFEST_CONTENT_WIDTH - fixed - padding).toBeGreaterThanOrEqual(100);
  });
});
