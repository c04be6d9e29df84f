import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notifications/notifications';
import { ApiError } from '../../lib/api-client';
import type { EditState, RowKey } from './context';
import { draftFromRow, rowFromDraft, type DraftValue, type EditableColumn } from './edit-draft';
import type { DataTableColumn } from './types';

interface InlineEditOptions<T> {
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => RowKey;
  /** The rows of the current page, where the edited row is looked up. */
  rowsRef: RefObject<T[]>;
  /** Puts the saved row in place of the edited one. */
  replaceRow: (key: RowKey, saved: T) => void;
  onSave?: (row: T) => Promise<T | void> | T | void;
  canEdit?: (row: T) => boolean;
  /** The filter's JSON key: leaving the page or filter drops an unsaved edit. */
  filterKey: string;
}

/** One row at a time in edit mode: its draft, field errors and the save through `onSave`. */
export function useInlineEdit<T>({ columns, getRowId, rowsRef, replaceRow, onSave, canEdit: canEditProp, filterKey }: InlineEditOptions<T>) {
  const { t } = useTranslation('ui');
  const [edit, setEdit] = useState<EditState | null>(null);

  useEffect(() => {
    setEdit(null);
  }, [filterKey]);

  const editableColumns: EditableColumn[] = useMemo(() => columns.filter((c) => c.editor).map((c) => ({ field: c.field, editor: c.editor! })), [columns]);
  const editable = !!onSave && editableColumns.length > 0;
  const canEdit = useCallback((row: T) => editable && (canEditProp ? canEditProp(row) : true), [editable, canEditProp]);
  const editRef = useRef(edit);
  editRef.current = edit;

  const startEdit = useCallback(
    (row: T) => {
      if (!canEdit(row)) return;
      const key = getRowId(row);
      if (editRef.current?.key === key) return;
      setEdit({ key, draft: draftFromRow(row as Record<string, unknown>, editableColumns), errors: {}, saving: false });
    },
    [canEdit, getRowId, editableColumns],
  );
  const cancelEdit = useCallback(() => setEdit((e) => (e?.saving ? e : null)), []);
  const setDraft = useCallback((field: string, value: DraftValue) => {
    setEdit((e) => {
      if (!e) return e;
      const errors = { ...e.errors };
      delete errors[field];
      return { ...e, draft: { ...e.draft, [field]: value }, errors };
    });
  }, []);
  const saveEdit = useCallback(async () => {
    const e = editRef.current;
    if (!e || e.saving || !onSave) return;
    const original = rowsRef.current.find((r) => getRowId(r) === e.key);
    if (!original) return setEdit(null);
    const { row, errors } = rowFromDraft(original, e.draft, editableColumns);
    if (Object.keys(errors).length) {
      setEdit({ ...e, errors });
      return;
    }
    setEdit({ ...e, saving: true });
    try {
      const saved = (await onSave(row)) ?? row;
      replaceRow(e.key, saved as T);
      setEdit(null);
    } catch (err) {
      setEdit((cur) => (cur ? { ...cur, saving: false } : cur));
      if (!(err instanceof ApiError)) notify({ title: t('table.edit.saveFailed'), message: err instanceof Error ? err.message : String(err), kind: 'error' });
    }
  }, [onSave, getRowId, editableColumns, rowsRef, replaceRow, t]);

  return { edit, editRef, editable, canEdit, firstEditableField: editableColumns[0]?.field ?? null, startEdit, cancelEdit, setDraft, saveEdit };
}
