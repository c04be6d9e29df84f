/**
 * How the booking panel writes a booking's values: business dates DD.MM.YYYY, instants as Dubai wall time
 * (UTC+4 all year: the UAE keeps no summer time), times of day HH:MM, money with 2 decimals. Pure, for the spec.
 */
import { BOOKING_STATUS } from '@tbo/booking/src/pure/booking-status.pure';
import { businessDate, clockText, dubaiDateTime, timeRange } from '../../../ui/format/day-format';
import { formatAedAmount, formatMoney, formatUsdAmount, formatUsdAed } from '../../../ui/format/number';

/** An instant (ISO) as DD.MM.YYYY HH:MM in Dubai, whatever the browser's zone; '' when it is not one. */
export const formatDubaiDateTime = dubaiDateTime;

/** A business date (YYYY-MM-DD) as DD.MM.YYYY. */
export const formatBusinessDate = (date: string | null | undefined): string => businessDate(date ?? '');

/** Minutes after midnight (or an 'HH:MM' text) as HH:MM; '' for none. */
export const formatTimeOfDay = clockText;

/** 'HH:MM–HH:MM' ('(+1)' after an end the next day), or the one end that is set, or ''; a span of no length in full. */
export function formatTimeRange(start: number | string | null | undefined, end: number | string | null | undefined): string {
  const a = clockText(start);
  return a && a === clockText(end) ? `${a}–${a}` : timeRange(start, end);
}

// Money is written by the shared formatters (ui/format/number), as on every other screen.
export const usd = (n: number): string => formatUsdAmount(n);
export const aed = (n: number): string => formatAedAmount(n);
/** An amount in both currencies: 'USD 250.00 · AED 912.50'. */
export const usdAed = (usdAmount: number, aedAmount: number): string => formatUsdAed(usdAmount, aedAmount);

/** A difference with its sign always shown ('+50.00', '−12.50', '0.00'): more to pay, or money back. */
export function signedMoney(n: number): string {
  const r = Math.round(n * 100) / 100;
  if (r === 0) return formatMoney(0);
  return `${r > 0 ? '+' : '−'}${formatMoney(Math.abs(r))}`;
}

/** 'USD +50.00 · AED +182.50'. */
export const signedUsdAed = (usdAmount: number, aedAmount: number): string => `USD ${signedMoney(usdAmount)} · AED ${signedMoney(aedAmount)}`;

/**
 * A pending booking nobody answered by its response time. The server says so when it read the booking; a panel
 * left open past the time says so too.
 */
export function isOverdue(b: { status: number; isOverdue: boolean; responseDueAt: string | null }, now: number = Date.now()): boolean {
  if (b.status !== BOOKING_STATUS.pending) return false;
  if (b.isOverdue) return true;
  const due = b.responseDueAt ? Date.parse(b.responseDueAt) : Number.NaN;
  return !Number.isNaN(due) && due < now;
}
