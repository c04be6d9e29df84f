import ExcelJS from 'exceljs';
import { ticketCode, type TicketStockCodeData } from '@tbo/event-schemas';
import { checkXlsxUnpackedSize, ValidationError } from '@tbo/kernel';
import { refusalsOf, type TicketStockState } from './ticket-stock';

/** A line of a list to load: typed (one code and its expiry date a line) or a row of an xlsx sheet. */
export interface CodeLine {
  line: number;
  code: string;
  expiresOn: string;
}

export interface RefusedCode extends CodeLine {
  reason: string;
  /** The reason as a key, for screens that say it in their language. */
  reasonCode: keyof typeof REFUSAL_TEXT;
}

export interface LoadPreview {
  accepted: TicketStockCodeData[];
  refused: RefusedCode[];
}

/** The most codes one load takes (one event; the admin loads more in several goes). */
export const MAX_CODES_PER_LOAD = 10_000;

export const REFUSAL_TEXT = {
  badCode: 'Not a valid code (letters, digits or signs, no spaces, at most 100)',
  badDate: 'Not a valid expiry date (YYYY-MM-DD or DD.MM.YYYY)',
  listedTwice: 'Listed more than once',
  inStock: 'Already in stock',
  expired: 'Already expired',
} as const;

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD from what people type or Excel holds (a date cell, 2026-12-31, 31.12.2026, 31/12/2026); '' when none. */
export function expiryOf(value: unknown): string {
  if (value instanceof Date && !Number.isNaN(value.getTime())) return `${value.getUTCFullYear()}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
  const text = String(value ?? '').trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dotted = /^(\d{1,2})[./](\d{1,2})[./](\d{4})$/.exec(text);
  const ymd = iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : dotted ? [Number(dotted[3]), Number(dotted[2]), Number(dotted[1])] : null;
  if (!ymd) return '';
  const [y, mo, d] = ymd as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d || y < 2000 || y > 2100) return '';
  return `${y}-${pad(mo)}-${pad(d)}`;
}

/** Typed lines: a code and its expiry date separated by a tab, comma, semicolon or spaces. Blank lines are skipped. */
export function linesFromText(text: string): CodeLine[] {
  const out: CodeLine[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim();
    if (!line) return;
    const [code = '', date = ''] = line.split(/[\t,;]+|\s+/).filter(Boolean);
    out.push({ line: i + 1, code, expiresOn: date });
  });
  return out;
}

/** The first sheet's rows: the code in column A, the expiry in column B; a first row without a date is a heading. */
export async function linesFromXlsx(base64: string): Promise<CodeLine[]> {
  const notXlsx = 'The file is not an Excel workbook (.xlsx)';
  const file = Buffer.from(base64.replace(/^data:[^,]*,/, ''), 'base64');
  // exceljs unpacks every part in memory: a file that would unpack past the cap is refused first.
  await checkXlsxUnpackedSize(file, { notXlsx, field: 'xlsx' });
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new ValidationError(notXlsx, { xlsx: [notXlsx] });
  }
  const sheet = workbook.worksheets[0];
  const out: CodeLine[] = [];
  sheet?.eachRow((row, n) => {
    const cell = (i: number) => {
      const v = row.getCell(i).value as unknown;
      return v && typeof v === 'object' && !(v instanceof Date) && 'text' in v ? (v as { text: unknown }).text : v && typeof v === 'object' && 'result' in (v as object) ? (v as { result: unknown }).result : v;
    };
    const code = String(cell(1) ?? '').trim();
    const date = cell(2);
    if (!code && (date === null || date === undefined || date === '')) return;
    if (n === 1 && !expiryOf(date)) return;
    out.push({ line: n, code, expiresOn: date instanceof Date ? expiryOf(date) : String(date ?? '').trim() });
  });
  return out;
}

/**
 * What a load would add and refuse, line by line, against the stock as its stream holds it now: a code
 * listed twice (its later lines), already in stock, already expired, or not readable.
 */
export function previewLoad(state: TicketStockState, lines: readonly CodeLine[], today: string): LoadPreview {
  const readable: (CodeLine & { ok: true })[] = [];
  const refused: RefusedCode[] = [];
  for (const l of lines) {
    const expiresOn = expiryOf(l.expiresOn);
    if (!ticketCode.safeParse(l.code).success) refused.push({ ...l, reason: REFUSAL_TEXT.badCode, reasonCode: 'badCode' });
    else if (!expiresOn) refused.push({ ...l, reason: REFUSAL_TEXT.badDate, reasonCode: 'badDate' });
    else readable.push({ ...l, expiresOn, ok: true });
  }
  const accepted: TicketStockCodeData[] = [];
  const seen = new Set<string>();
  for (const l of readable) {
    const why = seen.has(l.code) ? 'listedTwice' : refusalsOf(state, [l], today).get(l.code);
    seen.add(l.code);
    if (why) refused.push({ line: l.line, code: l.code, expiresOn: l.expiresOn, reason: REFUSAL_TEXT[why], reasonCode: why });
    else accepted.push({ code: l.code, expiresOn: l.expiresOn });
  }
  refused.sort((a, b) => a.line - b.line);
  return { accepted, refused };
}
