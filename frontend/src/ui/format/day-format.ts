/**
 * How the day's pages (manifests, check-in) write values: business dates DD.MM.YYYY, instants as Dubai wall time
 * (UTC+4 all year), minutes after midnight as HH:MM, money with 2 decimals.
 */
import { minutesToTime } from '@tbo/kernel/src/pure/time-of-day.pure';
import { formatDate } from './date';
import { formatUsdAmount } from './number';

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant (ISO) as DD.MM.YYYY HH:MM in Dubai, whatever the browser's zone; '' when it is not one. */
export function dubaiDateTime(iso: string | null | undefined): string {
  const ms = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(ms)) return '';
  const d = new Date(ms + 4 * 3600_000);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`;
}

/** An instant's Dubai day as DD.MM.YYYY ('' when it is not one): the day a contract was signed, say. */
export const dubaiDay = (iso: string | null | undefined): string => dubaiDateTime(iso).slice(0, 10);

export const businessDate = (date: string): string => formatDate(date);

/** A time of day as HH:MM: minutes after midnight, or a text that starts with H:MM; '' when there is none. */
export function clockText(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  if (typeof value === 'number') return Number.isFinite(value) ? minutesToTime(value) : '';
  const m = /^(\d{1,2}):(\d{2})/.exec(value.trim());
  return m ? `${pad(Number(m[1]))}:${m[2]}` : '';
}

/**
 * 'HH:MM–HH:MM' from minutes after midnight or H:MM texts, the one time when only one is set or both are the same,
 * or ''; '(+1)' after an end the next day (an overnight slot). Every screen writes a slot's hours with it.
 */
export function timeRange(start: number | string | null | undefined, end: number | string | null | undefined): string {
  const [a, b] = [clockText(start), clockText(end)];
  if (!a || !b || a === b) return a || b;
  // Both are zero-padded HH:MM, so text order is time order.
  return `${a}–${b}${b < a ? ' (+1)' : ''}`;
}

/** 'USD 80.00': formatUsdAmount, the one way money in USD is written. */
export const usdAmount = (n: number): string => formatUsdAmount(n);
