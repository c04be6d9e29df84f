/**
 * One history model for every edit page (tours, tickets): the API's entries (GET …/{id}/history, oldest first) made
 * into the rows the history table shows. Pure (no React): unit-tested in history-model.spec.ts.
 */
import { dubaiDateTime } from '../format/day-format';

export interface HistoryChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** One entry of GET /api/tours/{id}/history and GET /api/offers/{id}/history. */
export interface HistoryEntryLike {
  position: string;
  at: string;
  by: string | null;
  event: string;
  changes: HistoryChange[];
}

/** A change as shown: both sides already text ('' = empty). */
export interface HistoryRowChange {
  field: string;
  before: string;
  after: string;
}

export interface HistoryRow {
  position: string;
  at: string;
  by: string | null;
  event: string;
  changes: HistoryRowChange[];
}

export interface HistoryRowOptions {
  /** A value as the screen shows it ('' for nothing). */
  format: (field: string, value: unknown) => string;
  /** The event that creates the item (TourCreated, OfferCreated). */
  isCreated: (event: string) => boolean;
}

export const HISTORY_VALUE_MAX = 160;

/** Long text ends with '…' at `max` characters. */
export function shorten(text: string, max = HISTORY_VALUE_MAX): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * DD.MM.YYYY HH:MM in Dubai, as the activity log and the Staff tab say the same moments (not the browser's zone);
 * an unreadable value as it came.
 */
export function formatHistoryDate(iso: string): string {
  return dubaiDateTime(iso) || iso;
}

/** Changes made by the system itself (null, 'system:seed', 'system:…') have no person to show. */
export function isSystemAuthor(by: string | null | undefined): boolean {
  return !by || by.startsWith('system:') || by === 'system';
}

const formatted = (changes: readonly HistoryChange[], format: HistoryRowOptions['format']): HistoryRowChange[] =>
  changes.map((c) => ({ field: c.field, before: format(c.field, c.before), after: format(c.field, c.after) })).filter((c) => c.before !== c.after);

/**
 * Rows newest first. A change that reads the same before and after is left out, and so is an entry left without
 * changes. The creating save writes a 'created' event and then one event per section at the same moment: they are
 * one row, the created one, holding every value the new item started with.
 */
export function historyRows(entries: readonly HistoryEntryLike[], { format, isCreated }: HistoryRowOptions): HistoryRow[] {
  const rows: HistoryRow[] = [];
  for (const e of entries) {
    const changes = formatted(e.changes, format);
    const last = rows[rows.length - 1];
    if (last && isCreated(last.event) && !isCreated(e.event) && last.at === e.at && last.by === e.by) {
      const fields = new Set(changes.map((c) => c.field));
      last.changes = [...last.changes.filter((c) => !fields.has(c.field)), ...changes];
      continue;
    }
    if (changes.length > 0 || isCreated(e.event)) rows.push({ position: e.position, at: e.at, by: e.by, event: e.event, changes });
  }
  return rows.reverse();
}
