import { useCallback, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notifications/notifications';
import type { DataTableHandle } from './data-table-props';
import { useDeleteColumn, type DeleteColumn } from './delete-column';

export interface ListDeleteColumnOptions {
  /** The list's namespace: its `list.columns.delete`, `list.delete`, `list.confirmDelete.*` and `list.deleted.*` texts (each with the row's {{name}}). */
  ns: string;
  /** The server call; a failure has been shown by the shared API call. */
  deleteRow: (id: number) => Promise<unknown>;
  /** Loaded again after a delete. */
  tableRef: RefObject<DataTableHandle | null>;
  /** Whatever else reads the list (another screen's choices) learns of the delete here. */
  afterDelete?: () => void;
  testIdPrefix: string;
}

/**
 * The delete column of a short named list (pick-up times, external providers): asks first, deletes, says so,
 * reloads the table.
 */
export function useListDeleteColumn<T extends { id: number; remove: number; name: string }>({ ns, deleteRow, tableRef, afterDelete, testIdPrefix }: ListDeleteColumnOptions): DeleteColumn<T> {
  const { t } = useTranslation(ns);
  const remove = useCallback(
    async (row: T) => {
      await deleteRow(row.id);
      notify({ title: t('list.deleted.title'), message: t('list.deleted.message', { name: row.name }), kind: 'success' });
      tableRef.current?.refresh();
      afterDelete?.();
    },
    [t, deleteRow, tableRef, afterDelete],
  );
  const label = useCallback((r: T) => t('list.delete', { name: r.name }), [t]);
  return useDeleteColumn<T>({
    header: t('list.columns.delete'),
    label,
    confirm: { title: t('list.confirmDelete.title'), message: (r) => t('list.confirmDelete.message', { name: r.name }), yes: t('list.confirmDelete.yes'), no: t('list.confirmDelete.no') },
    remove,
    testIdPrefix,
  });
}
