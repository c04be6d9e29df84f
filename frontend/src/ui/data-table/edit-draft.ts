import { formatDate, parseDate, toIsoDate } from '../format/date';
import { clampNumber, TABLE_NUMBER_MAX, TABLE_NUMBER_MIN } from '../format/number';
import { isCompleteTime } from '../format/time';
import type { ColumnEditor } from './types';

/** What an editor holds while a row is edited: text for dates (DD.MM.YYYY) and times, numbers or null, booleans, option values. */
export type DraftValue = string | number | boolean | null;
export type Draft = Record<string, DraftValue>;

/** Why a draft cannot be saved, per field (message keys of the 'ui' namespace). */
export type DraftErrors = Record<string, 'required' | 'badDate' | 'badTime' | 'outOfRange'>;

export interface EditableColumn {
  field: string;
  editor: ColumnEditor;
}

/** The editors' starting values for a row. */
export function draftFromRow(row: Record<string, unknown>, columns: EditableColumn[]): Draft {
  const draft: Draft = {};
  for (const { field, editor } of columns) {
    const v = row[field];
    switch (editor.type) {
      case 'checkbox':
        draft[field] = !!v;
        break;
      case 'number':
        draft[field] = typeof v === 'number' && Number.isFinite(v) ? v : v === null || v === undefined || v === '' ? null : Number(v);
        break;
      case 'date':
        draft[field] = formatDate(v as string | Date | null | undefined);
        break;
      case 'select':
        draft[field] = v === undefined || v === null || v === '' ? null : (v as string | number);
        break;
      default:
        draft[field] = v === null || v === undefined ? '' : String(v);
    }
  }
  return draft;
}

const isEmpty = (v: DraftValue) => v === null || v === '' || (typeof v === 'number' && Number.isNaN(v));

/**
 * The row to save from the original row and the draft, or the errors that stop it: required values
 * missing, a date that is not DD.MM.YYYY, a time that is not HH:MM, a number outside its bounds
 * (0-9999 unless the column says otherwise). Dates go back as ISO YYYY-MM-DD.
 */
export function rowFromDraft<T extends object>(row: T, draft: Draft, columns: EditableColumn[]): { row: T; errors: DraftErrors } {
  const out: Record<string, unknown> = { ...(row as Record<string, unknown>) };
  const errors: DraftErrors = {};
  for (const { field, editor } of columns) {
    const v = draft[field] ?? null;
    const required = 'required' in editor && editor.required;
    if (editor.type !== 'checkbox' && isEmpty(v)) {
      if (required) errors[field] = 'required';
      out[field] = editor.type === 'text' || editor.type === 'time' ? '' : null;
      continue;
    }
    switch (editor.type) {
      case 'checkbox':
        out[field] = !!v;
        break;
      case 'number': {
        const n = Number(v);
        const min = editor.min ?? TABLE_NUMBER_MIN;
        const max = editor.max ?? TABLE_NUMBER_MAX;
        if (!Number.isFinite(n) || n < min || n > max) {
          errors[field] = 'outOfRange';
          out[field] = Number.isFinite(n) ? clampNumber(n, min, max) : null;
        } else out[field] = n;
        break;
      }
      case 'date': {
        const d = parseDate(String(v));
        if (!d) errors[field] = 'badDate';
        out[field] = d ? toIsoDate(d) : null;
        break;
      }
      case 'time':
        if (!isCompleteTime(String(v))) errors[field] = 'badTime';
        out[field] = String(v);
        break;
      case 'text':
        out[field] = String(v).trim();
        if (required && out[field] === '') errors[field] = 'required';
        break;
      case 'select':
        out[field] = v;
        break;
    }
  }
  return { row: out as T, errors };
}
