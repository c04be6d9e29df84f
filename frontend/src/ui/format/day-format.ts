/**
 * How the day's pages (manifests, check-in) write values: business dates DD.MM.YYYY, instants as Dubai wall time
 * (UTC+4 all year), minutes after midnight as HH:MM, money with 2 decimals.
 */
import { minutesToTime } from '@tbo/kernel/src/pure/time-of-day.pure';
import { formatDate } from './date';
import { formatMoney } from './number';

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

/** 'HH:MM–HH:MM' from minutes after midnight, or the one end that is set, or ''; '(+1)' after an end the next day. */
export function timeRange(start: number | null, end: number | null): string {
  const [a, b] = [start === null ? '' : minutesToTime(start), end === null || end === start ? '' : minutesToTime(end)];
  return a && b ? `${a}–${b}${end! < start! ? ' (+1)' : ''}` : a || b;
}

export const usdAmount = (n: number): string => `USD ${formatMoney(n)}`;
