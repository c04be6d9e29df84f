import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { MediaIcon } from '../../app/media/media-icons';
import { Button } from '../common/button';
import { ConfirmDialog } from '../common/confirm-dialog';
import type { DataTableColumn } from './types';

export interface DeleteColumnOptions<T> {
  header: string;
  /** The button's accessible name and tooltip ('Delete Morning'). */
  label: (row: T) => string;
  /** The question asked first. */
  confirm: { title: string; message: (row: T) => string; yes: string; no: string };
  /**
   * Deletes the row and says so (a notice, a refresh). A failure needs no handling here: the shared API call has
   * shown the error.
   */
  remove: (row: T) => Promise<void>;
  /** Prefix of the test ids: `{prefix}-row-delete`, `{prefix}-delete-dialog`, `{prefix}-delete-yes` / `-no`. */
  testIdPrefix: string;
}

export interface DeleteColumn<T> {
  column: DataTableColumn<T>;
  /** The confirmation, while one is open (render it beside the table). */
  dialog: ReactNode;
}

/**
 * The trash icon column pinned on the right of a list, which asks before it deletes; the row's button spins while
 * its delete runs. The button is out of the tab order (the grid focuses the cell; `onCellControlKey` presses it).
 * The row needs a `remove` key for the column (the grid keys columns by field).
 */
export function useDeleteColumn<T extends { id: number; remove: number }>({ header, label, confirm, remove, testIdPrefix }: DeleteColumnOptions<T>): DeleteColumn<T> {
  const [toDelete, setToDelete] = useState<T | null>(null);
  const [deleting, setDeleting] = useState<number | null>(null);

  const run = useCallback(
    async (row: T) => {
      setDeleting(row.id);
      try {
        await remove(row);
      } catch {
        // The shared call has shown the error.
      } finally {
        setDeleting(null);
      }
    },
    [remove],
  );

  const column = useMemo<DataTableColumn<T>>(
    () => ({
      field: 'remove',
      header,
      width: 84,
      align: 'center',
      sortable: false,
      pinned: 'right',
      exportValue: false,
      render: (r) => (
        <Button
          size="sm"
          variant="ghost"
          iconOnly
          icon={<MediaIcon name="trash" size={15} />}
          label={label(r)}
          className="tbo-dt__delete"
          tabIndex={-1}
          busy={deleting === r.id}
          onClick={() => setToDelete(r)}
          data-testid={`${testIdPrefix}-row-delete`}
        />
      ),
    }),
    [header, label, deleting, testIdPrefix],
  );

  const dialog = toDelete && (
    <ConfirmDialog
      title={confirm.title}
      message={confirm.message(toDelete)}
      confirmLabel={confirm.yes}
      cancelLabel={confirm.no}
      danger
      onConfirm={() => {
        setToDelete(null);
        void run(toDelete);
      }}
      onCancel={() => setToDelete(null)}
      testId={`${testIdPrefix}-delete-dialog`}
      confirmTestId={`${testIdPrefix}-delete-yes`}
      cancelTestId={`${testIdPrefix}-delete-no`}
    />
  );

  return { column, dialog };
}
