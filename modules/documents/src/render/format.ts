import type { DocumentLanguage } from '@tbo/event-schemas';

const LOCALE: Record<DocumentLanguage, string> = { eng: 'en-GB', rus: 'ru-RU' };

/** A business date (YYYY-MM-DD) as DD.MM.YYYY, the product's date format (spec 02), on screens and in documents. */
export function formatShortDate(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}.${m}.${y}`;
}

/** A business date (YYYY-MM-DD, Dubai) with its weekday, for a guest: "Tuesday, 01.12.2026" / "вторник, 01.12.2026". */
export function formatDate(date: string, language: DocumentLanguage): string {
  const [y, m, d] = date.split('-').map(Number);
  const weekday = new Intl.DateTimeFormat(LOCALE[language], { weekday: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(y!, m! - 1, d!)));
  return `${weekday}, ${formatShortDate(date)}`;
}

/** Minutes after midnight as 24-hour time: 540 → "09:00". */
export const formatTime = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * A slot's or pick-up window's hours: 'HH:MM–HH:MM', the start alone when the end is unset or the same, '' without a
 * start. An end before the start is the next day's (an overnight slot) and is marked '(+1)', as timetables do.
 */
export function timeSpan(start: number | null, end: number | null, dash = '–'): string {
  if (start === null) return '';
  if (end === null || end === start) return formatTime(start);
  return `${formatTime(start)}${dash}${formatTime(end)}${end < start ? ' (+1)' : ''}`;
}

const MONEY_LOCALE: Record<DocumentLanguage, string> = { eng: 'en-US', rus: 'ru-RU' };

/**
 * An amount with 2 decimals and thousands separators in the document's language: 1,234.50, and 1 234,50 in Russian
 * (a no-break space: an amount never wraps), as the screens write them. The invoice is English, so always the first.
 */
export const formatMoney = (amount: number, language: DocumentLanguage = 'eng'): string =>
  new Intl.NumberFormat(MONEY_LOCALE[language], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(amount);

/** An instant's Dubai date (UTC+4, no daylight saving), YYYY-MM-DD. */
export const dubaiDateOf = (instant: string): string => new Date(Date.parse(instant) + 4 * 3600_000).toISOString().slice(0, 10);

/** Rich text (sanitised HTML) as plain paragraphs: documents print text, never markup. */
export function plainText(html: string): string {
  return html
    .replace(/<\s*br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h[1-6]|li|blockquote|pre)>/gi, '\n')
    .replace(/<li[^>]*>/gi, '• ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
