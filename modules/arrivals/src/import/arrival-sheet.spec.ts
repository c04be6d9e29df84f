import ExcelJS from 'exceljs';
import { cellText, IMPORT_MESSAGES, readArrivalSheet, type ParsedSheet, type SheetRow } from './arrival-sheet';

/** The rows the sheet imports (not the refused rows' pax ids it keeps). */
const accepted = (sheet: ParsedSheet): SheetRow[] => sheet.rows.filter((r): r is SheetRow => 'fields' in r);
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
    const [p1, p2] = accepted(sheet).map((r) => r.fields);
    expect([p1!.arrivalDate, p1!.arrivalTime, p1!.departureDate, p1!.departureTime, p1!.pickUpTime]).toEqual(['2026-12-03', '14:30', '2026-12-10', '09:05', '08:40']);
    expect([p2!.arrivalDate, p2!.arrivalTime, p2!.departureDate, p2!.departureTime, p2!.pickUpTime]).toEqual(['2026-12-04', '23:55', '2026-12-11', '', 'after lunch']);
  });

  it('a date-and-time cell in a time field gives its time, in a date field its day', async () => {
    const at = new Date(Date.UTC(2026, 11, 3, 6, 15));
    const file = await workbook(['Pax Id', 'Tourist name', 'Arrival date', 'Arrival time'], [[{ value: 'P1' }, { value: 'Anna Smith' }, { value: at, numFmt: 'dd.mm.yyyy hh:mm' }, { value: at, numFmt: 'dd.mm.yyyy hh:mm' }]]);
    const [row] = accepted(await readArrivalSheet(file, lookups, 100));
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

describe('what a sheet says beyond its accepted rows', () => {
  const cells = (values: ExcelJS.CellValue[]) => values.map((value) => ({ value }));

  it("keeps a refused row's pax id (its guest is still in the file), but not a row with none", async () => {
    const file = await workbook(
      ['Pax Id', 'Tourist name', 'Arrival date', 'Departure date'],
      [cells(['RT1', 'Ann', '2026-12-01', '2026-12-05']), cells(['RT2', 'Ben', '2026-12-01', '5.12.26']), cells(['', 'No Pax', '2026-12-01', '2026-12-05'])],
    );
    const sheet = await readArrivalSheet(file, lookups, 100);
    expect(sheet.refused.map((r) => [r.row, r.reason])).toEqual([
      [3, "Departure date '5.12.26' is not a date"],
      [4, 'Pax Id is required'],
    ]);
    expect(sheet.rows.map((r) => ('fields' in r ? ['import', r.fields.paxId] : ['keep', r.paxId]))).toEqual([
      ['import', 'RT1'],
      ['keep', 'RT2'],
    ]);
  });

  it('refuses a file with a header but no rows, or only blank ones, like an empty one', async () => {
    await expect(readArrivalSheet(await workbook(['Pax Id', 'Tourist name'], []), lookups, 100)).rejects.toThrow(IMPORT_MESSAGES.empty);
    await expect(readArrivalSheet(await workbook(['Pax Id', 'Tourist name', 'Colour'], [cells(['', '', 'red'])]), lookups, 100)).rejects.toThrow(IMPORT_MESSAGES.empty);
  });

  it("names the fields the file has columns for (a name's column gives its id too), so a known arrival keeps the others", async () => {
    const file = await workbook(['Pax Id', 'Tourist name', 'Hotel', 'Notes', 'Colour'], [cells(['P1', 'Ann', 'Armani', '', 'red'])]);
    const [row] = accepted(await readArrivalSheet(file, lookups, 100));
    expect([...row!.given].sort()).toEqual(['hotelId', 'hotelName', 'notes', 'paxId', 'touristName']);
  });

  it('warns of each hotel or agency name that matches none, with its row, and imports the row without it', async () => {
    const known = { hotels: new Map([['armani', 13]]), agencies: new Map([['sunny tours', 21]]) };
    const file = await workbook(
      ['Pax Id', 'Tourist name', 'Hotel', 'Agency'],
      [cells(['P1', 'Ann', 'ARMANI', 'Sunny Tours']), cells(['P2', 'Ben', 'Al Bandar Rotana - Dubai Creek', 'Gulf Horizons Travel LLC']), cells(['P3', 'Cy', '', '']), cells(['P4', 'Di', 'Armani', 'Nowhere Travel'])],
    );
    const sheet = await readArrivalSheet(file, known, 100);
    expect(accepted(sheet).map((r) => [r.fields.paxId, r.fields.hotelId, r.fields.hotelName, r.fields.agencyId])).toEqual([
      ['P1', 13, 'ARMANI', 21],
      ['P2', null, 'Al Bandar Rotana - Dubai Creek', null],
      ['P3', null, '', null],
      ['P4', 13, 'Armani', null],
    ]);
    expect(sheet.refused).toEqual([]);
    expect(sheet.warnings.map((w) => [w.row, w.paxId, w.reason])).toEqual([
      [3, 'P2', "No hotel is named 'Al Bandar Rotana - Dubai Creek': the guest will have no hotel"],
      [3, 'P2', "None of your contracted agencies is named 'Gulf Horizons Travel LLC': the guest will have no agency"],
      [5, 'P4', "None of your contracted agencies is named 'Nowhere Travel': the guest will have no agency"],
    ]);
    // The preview's answer carries the mapping as it is: each column says its own.
    expect(sheet.mapping.map((m) => [m.field, m.unmatched, m.warnings?.map((w) => w.row)])).toEqual([
      ['paxId', undefined, undefined],
      ['touristName', undefined, undefined],
      ['hotelName', 1, [3]],
      ['tdAgencyName', 2, [3, 5]],
    ]);
  });

  it('reads a formula filled down (shared with the first cell) as it reads in its own cell, not as the first cell', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Rooming list');
    ws.addRow(['Pax Id', 'Tourist name', 'Room type', 'Country']);
    ws.addRow(['P1', 'Ann', 'ru', { formula: 'UPPER(C2)', result: 'RU' }]);
    ws.addRow(['P2', 'Ben', 'kz', { sharedFormula: 'D2', result: 'KZ' }]);
    ws.addRow(['P3', 'Cy', 'ae', { sharedFormula: 'D2', result: 'AE' }]);
    const sheet = await readArrivalSheet(Buffer.from(await wb.xlsx.writeBuffer()), lookups, 100);
    expect(accepted(sheet).map((r) => r.fields.touristCountry)).toEqual(['=UPPER(C2)', '=UPPER(C3)', '=UPPER(C4)']);
  });
});
