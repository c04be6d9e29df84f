import { addDays, isBusinessDate, isoWeekday } from '@tbo/scheduling/src/departures/business-date.pure';
import { minutesToTime } from '@tbo/scheduling/src/pure/time-of-day.pure';
import type { AvailabilityDay, AvailabilityRow } from './api/availability.schema';

/** The chart shows two weeks and scrolls by one. */
export const CHART_DAYS = 14;
export const WEEK = 7;
/** A date with this share of its capacity left, or less, is shown as low. */
export const LOW_SHARE = 0.2;

export type CellStatus = 'closed' | 'notOffered' | 'full' | 'low' | 'open';

/**
 * The seats a day can still sell: none while it is closed. The API's `left` is the seats under the capacity,
 * closed or not (what reopening gives back), so the screen says 0 for a closed day rather than read as on sale.
 */
export const sellableLeft = (day: Pick<AvailabilityDay, 'closed' | 'left'>): number => (day.closed ? 0 : day.left);

/** Guests a close leaves booked on the day: the seats taken and held. They stay booked; the close stops new sales only. */
export const bookedGuests = (day: Pick<AvailabilityDay, 'taken' | 'held'>): number => day.taken + day.held;

/** What a cell's colour says, most important first: closed, not offered that weekday, full, low (≤ 20% left), open. */
export function cellStatus(day: Pick<AvailabilityDay, 'closed' | 'offered' | 'left' | 'capacity'>): CellStatus {
  if (day.closed) return 'closed';
  if (!day.offered) return 'notOffered';
  if (day.left <= 0) return 'full';
  if (day.left <= day.capacity * LOW_SHARE) return 'low';
  return 'open';
}

/**
 * What the page shows of its read: 'loading' before any grid arrived, 'failed' (with Retry) when the read of this
 * window failed (a previous week still on screen is not this window), 'empty' without groups, else the grid.
 */
export type ChartState = 'loading' | 'failed' | 'empty' | 'grid';

export function chartState(read: { rows: readonly unknown[] | undefined; showing: boolean; isError: boolean }): ChartState {
  if (read.isError && (!read.rows || !read.showing)) return 'failed';
  if (!read.rows) return 'loading';
  return read.rows.length === 0 ? 'empty' : 'grid';
}

/** Business dates compare as text. */
export const isPast = (date: string, today: string): boolean => date < today;

/** The window's first date from the address (?from=YYYY-MM-DD), else today. */
export const windowStart = (param: string | null, today: string): string => (param && isBusinessDate(param) && param >= '2000-01-01' && param <= '2100-12-31' ? param : today);

export const shiftWeeks = (from: string, weeks: number): string => addDays(from, weeks * WEEK);

/** 'YYYY-MM-DD' → 'DD.MM' (column headers). */
export const dayMonth = (date: string): string => `${date.slice(8, 10)}.${date.slice(5, 7)}`;
/** 'YYYY-MM-DD' → 'DD.MM.YYYY'. */
export const fullDate = (date: string): string => `${dayMonth(date)}.${date.slice(0, 4)}`;

export { isoWeekday };

export const cellKey = (groupId: number, timeSlotId: number | null, date: string): string => `${groupId}:${timeSlotId ?? 0}:${date}`;
export const rowKey = (row: Pick<AvailabilityRow, 'groupId' | 'timeSlotId'>): string => `${row.groupId}:${row.timeSlotId ?? 0}`;

/** The time a row header shows: HH:MM for a fixed time, else the kind (Anytime 1, NoTime 2); none without slots. */
export function rowTime(row: Pick<AvailabilityRow, 'startTime' | 'timeType'>): { kind: 'time'; text: string } | { kind: 'anytime' | 'noTime' } | null {
  if (row.timeType === 1) return { kind: 'anytime' };
  if (row.timeType === 2) return { kind: 'noTime' };
  return row.startTime === null ? null : { kind: 'time', text: minutesToTime(row.startTime) };
}

export interface GridPosition {
  row: number;
  col: number;
}

/** Arrow keys, Home and End (Ctrl: the first or last row too) within a rows × cols grid; null for other keys. */
export function moveFocus(at: GridPosition, key: string, ctrl: boolean, rows: number, cols: number): GridPosition | null {
  const clamp = (n: number, size: number) => Math.max(0, Math.min(size - 1, n));
  switch (key) {
    case 'ArrowRight':
      return { row: at.row, col: clamp(at.col + 1, cols) };
    case 'ArrowLeft':
      return { row: at.row, col: clamp(at.col - 1, cols) };
    case 'ArrowDown':
      return { row: clamp(at.row + 1, rows), col: at.col };
    case 'ArrowUp':
      return { row: clamp(at.row - 1, rows), col: at.col };
    case 'Home':
      return { row: ctrl ? 0 : at.row, col: 0 };
    case 'End':
      return { row: ctrl ? rows - 1 : at.row, col: cols - 1 };
    default:
      return null;
  }
}

/** The cell a command changed, as the answer states it, put into the grid the chart shows (until the read model has it). */
export function withDeparture<T extends { rows: AvailabilityRow[] }>(grid: T, saved: { groupId: number; timeSlotId: number | null; date: string } & Omit<AvailabilityDay, 'date' | 'offered'>): T {
  return {
    ...grid,
    rows: grid.rows.map((row) =>
      row.groupId !== saved.groupId || row.timeSlotId !== saved.timeSlotId
        ? row
        : {
            ...row,
            days: row.days.map((d) =>
              d.date !== saved.date ? d : { ...d, capacity: saved.capacity, ownCapacity: saved.ownCapacity, taken: saved.taken, held: saved.held, left: saved.left, closed: saved.closed },
            ),
          },
    ),
  };
}
