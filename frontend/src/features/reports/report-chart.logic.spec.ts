import type { ReportLine } from './reports.api';
import { REPORT_LAYOUTS } from './report-columns';
import { axisLabel, chartRows, MAX_BARS, slantedLeftPadding } from './report-chart.logic';

const at = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
const t = (k: string) => k;
const pax = (day: string, startTime: number, timeSlotName: string, adults: number) => ({ day, startTime, timeSlotName, adults, children: 0 }) as unknown as ReportLine;

describe('the pax report', () => {
  it("labels a departure by its slot, the start said once (the server's sheet says the same)", () => {
    const slot = REPORT_LAYOUTS['pax-by-date-slot'].labels[1]!;
    expect(slot.text(pax('2026-12-01', at('15:00'), 'Private 4x4 at 15:00', 1), t)).toBe('Private 4x4 at 15:00');
    expect(slot.text(pax('2026-12-01', at('15:00'), 'Afternoon safari', 1), t)).toBe('15:00 Afternoon safari');
  });
});

describe('the report chart', () => {
  const layout = REPORT_LAYOUTS['pax-by-date-slot'];
  const days = (n: number) => Array.from({ length: n }, (_, i) => pax(`2026-11-${String(i + 1).padStart(2, '0')}`, at('15:00'), 'Afternoon safari', (i * 7) % 5));

  it('draws every line, in the report order, while they are few', () => {
    const rows = chartRows(days(MAX_BARS), layout, t);
    expect(rows).toMatchObject({ total: MAX_BARS, limited: false });
    expect(rows.data.map((r) => r.day)).toEqual(days(MAX_BARS).map((l) => l.day));
    expect(rows.data[0]!.label).toBe('01.11.2026 · 15:00 Afternoon safari');
  });

  it('draws only the largest bars, largest first, equal ones in the report order, and says how many there are', () => {
    const lines = days(MAX_BARS + 7);
    const rows = chartRows(lines, layout, t);
    expect(rows).toMatchObject({ total: MAX_BARS + 7, limited: true });
    expect(rows.data).toHaveLength(MAX_BARS);
    const adults = rows.data.map((r) => r.adults);
    expect(adults).toEqual([...adults].sort((a, b) => b - a));
    const fours = rows.data.filter((r) => r.adults === 4).map((r) => r.day);
    expect(fours).toEqual([...fours].sort());
  });

  it('draws a time series whole, however long', () => {
    const rows = chartRows(days(40), REPORT_LAYOUTS['sales-by-day'], t);
    expect(rows).toMatchObject({ total: 40, limited: false });
  });

  it('cuts a long axis label at a word, with an ellipsis', () => {
    expect(axisLabel('01.11.2026 · 15:00 Afternoon safari')).toBe('01.11.2026 · 15:00 Afternoon…');
    expect(axisLabel('01.11.2026 · 15:00 Afternoon safari', 20)).toBe('01.11.2026 · 15:00…');
    expect(axisLabel('Desert safari · Adult')).toBe('Desert safari · Adult');
    expect(axisLabel('Supercalifragilisticexpialidocious tour', 10)).toBe('Supercali…');
    expect(axisLabel('x'.repeat(40)).length).toBe(30);
  });
});

describe("the chart's room for its first slanted label", () => {
  it('is the usual padding for a short label, more for a long one', () => {
    expect(slantedLeftPadding(30)).toBe(20);
    expect(slantedLeftPadding(160)).toBe(Math.ceil(160 * Math.cos((25 * Math.PI) / 180) + 14 * Math.sin((25 * Math.PI) / 180) - 40));
    expect(slantedLeftPadding(200)).toBeGreaterThan(slantedLeftPadding(160));
  });
});
