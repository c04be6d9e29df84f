import { formatDate } from '../format/date';
import type { DataTableColumn, ExportCell, FilterOption, TableDataSource, TableFilter } from './types';

export interface BooleanLabels {
  yes: string;
  no: string;
}

const DATE_FILTERS = new Set(['date-range', 'optional-date-range', 'date', 'year']);

function optionsOf<T>(col: DataTableColumn<T>): FilterOption[] | undefined {
  if (col.editor?.type === 'select') return col.editor.options;
  const f = col.filter;
  if (f && (f.type === 'select' || f.type === 'multi-select' || f.type === 'multi-select-number')) return f.options as FilterOption[];
  return undefined;
}

export const isDateColumn = <T>(col: DataTableColumn<T>): boolean => col.editor?.type === 'date' || (!!col.filter && DATE_FILTERS.has(col.filter.type));

/**
 * The text a cell shows: `format` when given; otherwise option labels for select-like columns,
 * DD.MM.YYYY for date columns, Yes/No for booleans, the value as text for everything else.
 */
export function cellText<T>(col: DataTableColumn<T>, row: T, labels: BooleanLabels): string {
  const value = row[col.field];
  if (col.format) return col.format(value, row);
  if (value === null || value === undefined) return '';
  const options = optionsOf(col);
  if (options) {
    const list = Array.isArray(value) ? value : [value];
    return list.map((v) => options.find((o) => String(o.value) === String(v))?.label ?? plainText(v, labels)).join(', ');
  }
  return plainText(value, labels, isDateColumn(col));
}

/** A value without a label of its own: never 'true'/'false', which no language of the interface shows. */
function plainText(value: unknown, labels: BooleanLabels, isDate = false): string {
  if (typeof value === 'boolean') return value ? labels.yes : labels.no;
  if (isDate && (typeof value === 'string' || value instanceof Date)) return formatDate(value as string | Date);
  if (Array.isArray(value)) return value.join(', ');
  return String(value);
}

/** The Excel cell of a column for a row: `exportValue` when given; numbers stay numbers; everything else is the cell text. */
export function exportCell<T>(col: DataTableColumn<T>, row: T, labels: BooleanLabels): ExportCell {
  if (typeof col.exportValue === 'function') return col.exportValue(row);
  const value = row[col.field];
  if (typeof value === 'number' && !col.format && !optionsOf(col)) return Number.isFinite(value) ? value : null;
  const text = cellText(col, row, labels);
  return text === '' ? null : text;
}

/** The export endpoint's Columns: every exportable column, its header as Title, one cell per row. */
export function buildExportColumns<T>(columns: DataTableColumn<T>[], rows: T[], labels: BooleanLabels): { Title: string; Data: ExportCell[] }[] {
  return columns.filter((c) => c.exportValue !== false).map((c) => ({ Title: c.header, Data: rows.map((r) => exportCell(c, r, labels)) }));
}

/** Every row of the current filter: page 1, then each further page the server reports. */
export async function loadAllRows<T>(source: TableDataSource<T>, filter: TableFilter, opts: { maxPages?: number; signal?: AbortSignal } = {}): Promise<T[]> {
  const maxPages = opts.maxPages ?? 2000;
  const first = await source({ ...filter, page: 1 }, opts.signal);
  const rows = [...first.entities];
  const total = Math.min(first.pagingInfo.totalPages, maxPages);
  for (let page = 2; page <= total; page++) {
    if (opts.signal?.aborted) throw new DOMException('Aborted', 'AbortError');
    const next = await source({ ...filter, page }, opts.signal);
    rows.push(...next.entities);
  }
  return rows;
}
