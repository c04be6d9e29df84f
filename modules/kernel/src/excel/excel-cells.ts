export type CellValue = string | number | boolean | Date | null | undefined;

/**
 * A text cell that starts with = + - @, a tab or a carriage return would be read by Excel as a
 * formula (CSV/formula injection). Such text is written with a leading apostrophe, which
 * Excel shows as plain text. Numbers, dates and booleans are data, never formulas.
 */
export function escapeCell(value: CellValue): CellValue {
  if (typeof value !== 'string') return value;
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** A download name that cannot climb directories or break the header; always .xlsx. */
export function safeXlsxFileName(name: string | undefined, fallback = 'export'): string {
  const base = (name ?? '')
    .replace(/\.(xlsx?|csv)$/i, '')
    .replace(/[^\p{L}\p{N} _.()-]/gu, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 100)
    .trim();
  return `${base || fallback}.xlsx`;
}
