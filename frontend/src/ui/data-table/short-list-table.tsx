import { useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { onCellControlKey } from './cell-keys';
import { DataTable } from './data-table';
import type { DataTableHandle, DataTableProps } from './data-table-props';
import { useListDeleteColumn } from './list-delete-column';
import type { DataTableColumn } from './types';

export interface ShortListTableProps<T> extends Pick<DataTableProps<T>, 'testId' | 'dataSource' | 'initialSort'> {
  /** The list's namespace: the table's `list.tableTitle` and `list.empty`, and the delete column's texts. */
  ns: string;
  /** The class of the list's box (the feature's styles hang off it). */
  className: string;
  tableRef: RefObject<DataTableHandle | null>;
  /** The columns before the delete column. */
  columns: DataTableColumn<T>[];
  /** The server call of the delete column (last); `{deleteTestIdPrefix}-…` are its test ids. */
  deleteRow: (id: number) => Promise<unknown>;
  deleteTestIdPrefix: string;
  /** Whatever else reads the list (another screen's choices) learns of a delete here. */
  afterDelete?: () => void;
}

/**
 * A short named list of the supplier's (pick-up times, external providers): the given columns and a delete column
 * that asks first, Space / Enter working the cell's control, the delete confirmation below.
 */
export function ShortListTable<T extends { id: number; remove: number; name: string }>({ ns, className, tableRef, columns, deleteRow, deleteTestIdPrefix, afterDelete, ...table }: ShortListTableProps<T>) {
  const { t } = useTranslation(ns);
  const del = useListDeleteColumn<T>({ ns, deleteRow, tableRef, afterDelete, testIdPrefix: deleteTestIdPrefix });
  const all = useMemo(() => [...columns, del.column], [columns, del.column]);
  return (
    <div className={className} onKeyDownCapture={onCellControlKey}>
      <DataTable<T> {...table} tableRef={tableRef} title={t('list.tableTitle')} emptyMessage={t('list.empty')} columns={all} heightOffset={96} />
      {del.dialog}
    </div>
  );
}
