import { createContext, useContext, type Dispatch } from 'react';
import type { Draft, DraftErrors, DraftValue } from './edit-draft';
import type { TableAction, TableState } from './table-state';
import type { DataTableColumn } from './types';

export type RowKey = string | number;

export interface EditState {
  key: RowKey;
  draft: Draft;
  errors: DraftErrors;
  saving: boolean;
}

/** What the grid's header and cell components read from the table around them. */
export interface TableContextValue<T = unknown> {
  state: TableState;
  dispatch: Dispatch<TableAction>;
  columns: DataTableColumn<T>[];
  getKey: (row: T) => RowKey;
  rows: T[];
  // Selection
  selected: ReadonlySet<RowKey>;
  toggleRow: (row: T) => void;
  toggleAllRows: () => void;
  // Inline edit
  editable: boolean;
  canEdit: (row: T) => boolean;
  edit: EditState | null;
  firstEditableField: string | null;
  startEdit: (row: T) => void;
  cancelEdit: () => void;
  saveEdit: () => void;
  setDraft: (field: string, value: DraftValue) => void;
  filterDebounceMs: number;
}

export const TableContext = createContext<TableContextValue | null>(null);

export function useTable<T>(): TableContextValue<T> {
  const ctx = useContext(TableContext);
  if (!ctx) throw new Error('Data table parts must be inside a DataTable');
  return ctx as unknown as TableContextValue<T>;
}
