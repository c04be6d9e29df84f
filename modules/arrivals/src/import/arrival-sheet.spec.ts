import ExcelJS from 'exceljs';
import { cellText, readArrivalSheet } from './arrival-sheet';

const lookups = { hotels: new Map<string, number>(), agencies: new Map<string, number>() };
/** A time of day as exceljs answers a cell formatted as a time: that time on Excel's day 0, 1899-12-30, in UTC. */
const timeOfDay = (h: number, m: number, s = 0, ms = 0) => new Date(Date.UTC(1899, 11, 30, h, m, s, ms));

/** A real .xlsx, its cells formatted as a sender's spreadsheet would be: dates as dates, times as h:mm. */
async function workbook(header: string[], rows: { value: ExcelJS.CellValue; numFmt?: string }[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Rooming list');
  ws.addRow(header);
  rows.forEach((cells, i) =>
    cells.forEach((c, j) => {
      const cell = ws.getCell(i + 2, j + 1);
      cell.value = c.value;
      if (c.numFmt) cell.numFmt = c.numFmt;
    }),
  );
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('reading an arrival sheet', () => {
  it('reads cells formatted as times into the time fields as HH:MM, and dates as days', async () => {
    const file = await workbook(
      ['Pax Id', 'Tourist name', 'Arrival date', 'Arrival time', 'Departure date', 'Departure time', 'Pick up time'],
      [
        [
          { value: 'P1' },
          { value: 'Anna Smith' },
          { value: new Date(Date.UTC(2026, 11, 3)), numFmt: 'dd.mm.yyyy' },
          { value: timeOfDay(14, 30), numFmt: 'h:mm' },
          { value: new Date(Date.UTC(2026, 11, 10)), numFmt: 'dd.mm.yyyy' },
          // As Excel stores a time: a fraction of the day (9:05), formatted as a time.
          { value: (9 * 60 + 5) / 1440, numFmt: 'hh:mm' },
          { value: timeOfDay(8, 40), numFmt: 'h:mm AM/PM' },
        ],
        // Times typed as text stay as typed.
        [{ value: 'P2' }, { value: 'Ben Jones' }, { value: '2026-12-04' }, { value: '23:55' }, { value: '11.12.2026' }, { value: '' }, { value: 'after lunch' }],
      ],
    );
    const sheet = await readArrivalSheet(file, lookups, 100);
    expect(sheet.refused).toEqual([]);
    const [p1, p2] = sheet.rows.map((r) => r.fields);
    expect([p1!.arrivalDate, p1!.arrivalTime, p1!.departureDate, p1!.departureTime, p1!.pickUpTime]).toEqual(['2026-12-03', '14:30', '2026-12-10', '09:05', '08:40']);
    expect([p2!.arrivalDate, p2!.arrivalTime, p2!.departureDate, p2!.departureTime, p2!.pickUpTime]).toEqual(['2026-12-04', '23:55', '2026-12-11', '', 'after lunch']);
  });

  it('a date-and-time cell in a time field gives its time, in a date field its day', async () => {
    const at = new Date(Date.UTC(2026, 11, 3, 6, 15));
    const file = await workbook(['Pax Id', 'Tourist name', 'Arrival date', 'Arrival time'], [[{ value: 'P1' }, { value: 'Anna Smith' }, { value: at, numFmt: 'dd.mm.yyyy hh:mm' }, { value: at, numFmt: 'dd.mm.yyyy hh:mm' }]]);
    const [row] = (await readArrivalSheet(file, lookups, 100)).rows;
    expect([row!.fields.arrivalDate, row!.fields.arrivalTime]).toEqual(['2026-12-03', '06:15']);
  });
});

describe('cellText', () => {
  it('a Date is its day, or with asTime its UTC time of day, read to the nearest second', () => {
    expect(cellText(timeOfDay(14, 30))).toBe('1899-12-30');
    expect(cellText(timeOfDay(14, 30), true)).toBe('14:30');
    expect(cellText(timeOfDay(0, 0), true)).toBe('00:00');
    expect(cellText(timeOfDay(23, 59, 59), true)).toBe('23:59');
    // A fraction of a day that came back a hair under the minute.
    expect(cellText(timeOfDay(14, 29, 59, 999), true)).toBe('14:30');
    expect(cellText(new Date(Date.UTC(2026, 11, 3, 18, 5)), true)).toBe('18:05');
  });

  it('text, numbers and formulas are the same with or without asTime', () => {
    for (const asTime of [false, true]) {
      expect(cellText(' 14:30 ', asTime)).toBe('14:30');
      expect(cellText(1430, asTime)).toBe('1430');
      expect(cellText({ formula: 'A1+B1' } as ExcelJS.CellValue, asTime)).toBe('=A1+B1');
      expect(cellText(null, asTime)).toBe('');
    }
  });
});
