import ExcelJS from 'exceljs';
import { BIRTH_MIN_YEAR, DATE_MAX_YEAR, DATE_MIN_YEAR, type ArrivalFieldsData } from '@tbo/event-schemas';
import { checkXlsxUnpackedSize, ValidationError } from '@tbo/kernel';
import { DEPARTURE_BEFORE_ARRIVAL, type RefusedPaxRow } from '../lists/arrival-list';
import { fieldOfHeader, FIELD_LABELS, type ArrivalField } from './arrival-columns';

/** A row imported all the same, with what the preview should point out about it. */
export interface SheetWarning {
  row: number;
  paxId: string;
  touristName: string;
  reason: string;
}

export interface ColumnMapping {
  column: number;
  header: string;
  field: ArrivalField | null;
  /**
   * The Hotel and Agency columns: rows whose name matches no hotel (agency), the first WARNINGS_SHOWN of them. They
   * travel on the column because the preview's answer passes its mapping on as the sheet gives it.
   */
  warnings?: SheetWarning[];
  /** How many rows of the column have such a name (warnings lists the first WARNINGS_SHOWN). */
  unmatched?: number;
}

export interface SheetRow {
  /** The row number in the file (1 is the header row). */
  row: number;
  fields: ArrivalFieldsData;
  /** The fields the file has columns for: a known arrival keeps the others (a file without Phone keeps the phones). */
  given: ArrivalField[];
}

export interface RefusedRow {
  row: number;
  paxId: string;
  touristName: string;
  reason: string;
}

export interface ParsedSheet {
  mapping: ColumnMapping[];
  /** The rows to import, and the refused rows' pax ids: those guests are still in the file, so a re-import keeps them. */
  rows: (SheetRow | RefusedPaxRow)[];
  refused: RefusedRow[];
  /** Every row imported with a hotel or agency name that matches none, in row order. */
  warnings: SheetWarning[];
}

export interface NameLookups {
  hotels: Map<string, number>;
  agencies: Map<string, number>;
}

export const IMPORT_MESSAGES = {
  notXlsx: 'The file is not an Excel workbook (.xlsx)',
  empty: 'The file has no rows',
  noHotel: (name: string) => `No hotel is named '${name}': the guest will have no hotel`,
  noAgency: (name: string) => `None of your contracted agencies is named '${name}': the guest will have no agency`,
  required: (label: string) => `The file has no ${label} column`,
  tooMany: (max: number) => `An arrival list may have at most ${max} rows`,
} as const;

/**
 * The most an arrival list's file may unpack to: a list of the most rows (50,000) with every column filled is about
 * 75 MB unpacked (10,000 rows of 29 columns are 15 MB); a file sent as a few MB and unpacking to more is a zip bomb.
 */
export const IMPORT_UNPACKED_MAX_BYTES = 100 * 1024 * 1024;

const TEXT_MAX: Partial<Record<ArrivalField, number>> = { paxId: 100, touristName: 200, hotelName: 200, tdAgencyName: 200, touristPhone: 200, touristEmail: 200, notes: 2000, arrivalTime: 20, departureTime: 20, arrivalFlight: 50, arrivalTerminal: 50, departureFlight: 50, departureTerminal: 50, touristCountry: 100 };
const DATE_FIELDS = new Set<ArrivalField>(['arrivalDate', 'departureDate', 'birthDate']);
/** Fields holding a time of day: a cell formatted as a time (h:mm) is read as one, not as a day. */
const TIME_FIELDS = new Set<ArrivalField>(['arrivalTime', 'departureTime', 'pickUpTime']);
/** The names the importer looks an id up by: a column of one gives the id too. */
const ID_OF_NAME: Partial<Record<ArrivalField, ArrivalField>> = { hotelName: 'hotelId', tdAgencyName: 'agencyId' };
/** Unmatched names each column lists (as many as the preview's refused rows); the count is whole. */
export const WARNINGS_SHOWN = 2000;

/**
 * A cell as text. A formula is kept as its text ('=A1+B1'), never evaluated or taken as its cached result: a
 * rooming list is data, and a cell that looks like a formula is what the sender typed. Cells starting with '='
 * stay text too (the export escapes them). exceljs answers a Date for a cell formatted as a date or a time: for a
 * time field (`asTime`) it is 'HH:MM' (a time-only cell is a time on 1899-12-30), otherwise the day 'YYYY-MM-DD'.
 */
export function cellText(value: ExcelJS.CellValue, asTime = false): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return asTime ? hoursMinutes(value) : isoDay(value);
  if (typeof value === 'object') {
    if ('formula' in value && typeof value.formula === 'string') return `=${value.formula}`;
    if ('richText' in value && Array.isArray(value.richText)) return value.richText.map((r) => r.text).join('').trim();
    if ('text' in value && typeof value.text === 'string') return value.text.trim();
    if ('error' in value) return String(value.error);
  }
  return '';
}

/**
 * A cell of a sheet as text (see cellText). A formula filled down is stored once, on its first cell: the others' value
 * names only that cell ({ sharedFormula: 'F2' }), and exceljs's `formula` gives it as it reads in this one ('=UPPER(E3)').
 */
export function sheetCellText(cell: ExcelJS.Cell, asTime = false): string {
  // exceljs types it as always a string; a cell without a formula has none.
  const formula = cell.formula as string | undefined;
  return formula ? `=${formula}` : cellText(cell.value, asTime);
}

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const pad2 = (n: number) => String(n).padStart(2, '0');
/**
 * A Date's time of day as 'HH:MM', from its UTC parts (exceljs keeps a cell's wall time in UTC). Read to the
 * nearest second first: a spreadsheet's time is a fraction of a day, and 14:30 may come back a hair under it.
 */
function hoursMinutes(d: Date): string {
  const seconds = Math.round(d.getTime() / 1000);
  const minuteOfDay = ((Math.floor(seconds / 60) % 1440) + 1440) % 1440;
  return `${pad2(Math.floor(minuteOfDay / 60))}:${pad2(minuteOfDay % 60)}`;
}

/**
 * 'YYYY-MM-DD', 'DD.MM.YYYY' or 'DD/MM/YYYY' → 'YYYY-MM-DD'; '' → null; anything else, or a year outside
 * earliestYear..DATE_MAX_YEAR, → undefined (refused).
 */
export function parseDay(text: string, earliestYear = DATE_MIN_YEAR): string | null | undefined {
  if (!text) return null;
  let iso: string | null = null;
  const m1 = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  const m2 = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  if (m1) iso = `${m1[1]}-${m1[2]}-${m1[3]}`;
  else if (m2) iso = `${m2[3]}-${m2[2]!.padStart(2, '0')}-${m2[1]!.padStart(2, '0')}`;
  if (!iso) return undefined;
  const d = new Date(`${iso}T00:00:00Z`);
  const year = Number(iso.slice(0, 4));
  if (Number.isNaN(d.getTime()) || isoDay(d) !== iso || year < earliestYear || year > DATE_MAX_YEAR) return undefined;
  return iso;
}

/** Reads the first worksheet: the header row maps columns to fields, every other non-empty row is an arrival or a refusal. */
export async function readArrivalSheet(file: Buffer, lookups: NameLookups, maxRows: number): Promise<ParsedSheet> {
  // exceljs unpacks every part in memory: a file that would unpack past the cap is refused first.
  await checkXlsxUnpackedSize(file, { notXlsx: IMPORT_MESSAGES.notXlsx, maxBytes: IMPORT_UNPACKED_MAX_BYTES });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new ValidationError(IMPORT_MESSAGES.notXlsx);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet || sheet.rowCount < 1) throw new ValidationError(IMPORT_MESSAGES.empty);
  const header = sheet.getRow(1);
  const mapping: ColumnMapping[] = [];
  const taken = new Set<ArrivalField>();
  header.eachCell({ includeEmpty: false }, (cell, column) => {
    const text = sheetCellText(cell);
    let field = fieldOfHeader(text);
    // The first column of a field wins; a second one with the same meaning is shown as ignored.
    if (field && taken.has(field)) field = null;
    if (field) taken.add(field);
    mapping.push({ column, header: text, field });
  });
  for (const required of ['paxId', 'touristName'] as const) if (!taken.has(required)) throw new ValidationError(IMPORT_MESSAGES.required(FIELD_LABELS[required]));
  if (sheet.rowCount - 1 > maxRows) throw new ValidationError(IMPORT_MESSAGES.tooMany(maxRows));

  const rows: (SheetRow | RefusedPaxRow)[] = [];
  const refused: RefusedRow[] = [];
  const warnings: SheetWarning[] = [];
  const firstRowOfPax = new Map<string, number>();
  const mapped = mapping.filter((m): m is ColumnMapping & { field: ArrivalField } => m.field !== null);
  const given = mapped.flatMap((m) => [m.field, ...(ID_OF_NAME[m.field] ? [ID_OF_NAME[m.field]!] : [])]);
  const warn = (m: ColumnMapping, w: SheetWarning) => {
    warnings.push(w);
    m.unmatched = (m.unmatched ?? 0) + 1;
    if ((m.warnings ??= []).length < WARNINGS_SHOWN) m.warnings.push(w);
  };
  sheet.eachRow({ includeEmpty: false }, (r, rowNumber) => {
    if (rowNumber === 1) return;
    const raw: Partial<Record<ArrivalField, string>> = {};
    for (const m of mapped) raw[m.field] = sheetCellText(r.getCell(m.column), TIME_FIELDS.has(m.field));
    if (Object.values(raw).every((v) => !v)) return;
    const result = toFields(raw, lookups);
    const paxId = raw.paxId ?? '';
    const touristName = raw.touristName ?? '';
    if (typeof result === 'string') {
      refused.push({ row: rowNumber, paxId, touristName, reason: result });
      if (paxId) rows.push({ row: rowNumber, refused: true, paxId });
      return;
    }
    const first = firstRowOfPax.get(paxId);
    if (first !== undefined) return void refused.push({ row: rowNumber, paxId, touristName, reason: `Pax Id ${paxId} is already on row ${first}` });
    firstRowOfPax.set(paxId, rowNumber);
    rows.push({ row: rowNumber, fields: result, given });
    // Imported all the same (refusing would lose the guest), but an arrival with no hotel is in no agent's in-house list.
    for (const m of mapped) {
      if (m.field === 'hotelName' && result.hotelName && result.hotelId === null) warn(m, { row: rowNumber, paxId, touristName, reason: IMPORT_MESSAGES.noHotel(result.hotelName) });
      if (m.field === 'tdAgencyName' && result.tdAgencyName && result.agencyId === null) warn(m, { row: rowNumber, paxId, touristName, reason: IMPORT_MESSAGES.noAgency(result.tdAgencyName) });
    }
  });
  // A header alone would otherwise import as "every guest left": remove the whole list.
  if (!rows.length && !refused.length) throw new ValidationError(IMPORT_MESSAGES.empty);
  return { mapping, rows, refused, warnings };
}

/** One row's fields, or why it is refused. */
export function toFields(raw: Partial<Record<ArrivalField, string>>, lookups: NameLookups): ArrivalFieldsData | string {
  const t = (f: ArrivalField) => raw[f] ?? '';
  if (!t('paxId')) return 'Pax Id is required';
  if (!t('touristName')) return 'Tourist name is required';
  for (const [f, max] of Object.entries(TEXT_MAX) as [ArrivalField, number][]) {
    if (t(f).length > max) return `${FIELD_LABELS[f]} is too long (at most ${max} characters)`;
  }
  const days: Partial<Record<ArrivalField, string | null>> = {};
  for (const f of DATE_FIELDS) {
    const d = parseDay(t(f), f === 'birthDate' ? BIRTH_MIN_YEAR : DATE_MIN_YEAR);
    if (d === undefined) return `${FIELD_LABELS[f]} '${t(f)}' is not a date`;
    days[f] = d;
  }
  if (days.arrivalDate && days.departureDate && days.departureDate < days.arrivalDate) return DEPARTURE_BEFORE_ARRIVAL;
  let groupId: number | null = null;
  if (t('groupId')) {
    groupId = Number(t('groupId'));
    if (!Number.isInteger(groupId) || groupId < 1 || groupId > 2_147_483_647) return `Group Id '${t('groupId')}' is not a whole number`;
  }
  let age: number | null = null;
  if (t('age')) {
    age = Number(t('age'));
    if (!Number.isInteger(age) || age < 0 || age > 150) return `Age '${t('age')}' is not a whole number from 0 to 150`;
  }
  const s = (f: ArrivalField, max = 100) => t(f).slice(0, max);
  return {
    paxId: t('paxId'),
    touristName: t('touristName'),
    groupId,
    hotelId: lookups.hotels.get(t('hotelName').toLowerCase()) ?? null,
    hotelName: t('hotelName'),
    agencyId: lookups.agencies.get(t('tdAgencyName').toLowerCase()) ?? null,
    tdAgencyName: t('tdAgencyName'),
    arrivalDate: days.arrivalDate ?? null,
    arrivalTime: t('arrivalTime'),
    departureDate: days.departureDate ?? null,
    departureTime: t('departureTime'),
    birthDate: days.birthDate ?? null,
    age,
    touristPhone: t('touristPhone'),
    touristEmail: t('touristEmail'),
    touristCountry: t('touristCountry'),
    roomType: s('roomType'),
    accType: s('accType'),
    mealType: s('mealType'),
    arrivalFlight: t('arrivalFlight'),
    arrivalTerminal: t('arrivalTerminal'),
    arrivalTransport: s('arrivalTransport'),
    departureFlight: t('departureFlight'),
    departureTerminal: t('departureTerminal'),
    departureTransport: s('departureTransport'),
    pickUpTime: s('pickUpTime'),
    hotelConfirmationNumber: s('hotelConfirmationNumber'),
    agentConfirmationNumber: s('agentConfirmationNumber'),
    notes: t('notes'),
  };
}
