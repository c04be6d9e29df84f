export type CellValue = string | number | boolean | Date | null | undefined;

/** = + - @, tab and carriage return, as character codes. */
const FORMULA_STARTS = new Set([...'=+-@\t\r'].map((c) => c.charCodeAt(0)));

/**
 * A phone number (masked ones end in an ellipsis), a list of them ('+971…, +44…'), or a signed figure: a sign, then
 * only digits, spaces, brackets, dots and dashes, each further number after ', '. No letters: no function can be called.
 */
const SIGNED_FIGURE = /^[+-][\d\s().…-]*(, ?\+[\d\s().…-]*)*$/;

/**
 * A text cell that starts with = + - @, a tab or a carriage return would be read by Excel as a
 * formula (CSV/formula injection). Such text is written with a leading apostrophe, which
 * Excel shows as plain text. Numbers, dates and booleans are data, never formulas. A phone
 * number ('+971 50 123 4567') stays as it is: with no letters, no function can be called, and
 * an apostrophe before every phone of an arrivals or manifest sheet would be shown.
 */
export function escapeCell(value: CellValue): CellValue {
  if (typeof value !== 'string' || value === '') return value;
  // Every cell of an export comes through here: a look at the first character first.
  if (!FORMULA_STARTS.has(value.charCodeAt(0))) return value;
  return SIGNED_FIGURE.test(value) ? value : `'${value}`;
}

/** A download name that cannot climb directories or break the header; always .xlsx. */
export function safeXlsxFileName(name: string | undefined, fallback = 'export'): string {
  // The fallback (a sheet's title, say) may come from the caller too: it is cleaned the same way.
  return `${fileNameBase(name) || fileNameBase(fallback) || 'export'}.xlsx`;
}

function fileNameBase(name: string | undefined): string {
  return (name ?? '')
    .replace(/\.(xlsx?|csv)$/i, '')
    .replace(/[^\p{L}\p{N} _.()-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 100)
    .trim();
}
