import type { ColDef, SuppressHeaderKeyboardEventParams, SuppressKeyboardEventParams } from 'ag-grid-community';
import { cx } from '../common/cx';
import { ActionsCell, DataCell, SelectCell } from './cells';
import { DEFAULT_COLUMN_WIDTH, minWidthOf } from './column-width';
import { ColumnHeader, PlainHeader, SelectAllHeader } from './header';
import { isTyping } from './is-typing';
import type { DataTableColumn } from './types';

const SELECT_COL = '__select';
const ACTIONS_COL = '__actions';

/** AG Grid column definitions for the table's columns, with the checkbox column and the edit column around them. */
export function gridColumnDefs<T>(columns: DataTableColumn<T>[], opts: { selectable?: boolean; editable: boolean; actionsHeader?: string }): ColDef<T>[] {
  const defs: ColDef<T>[] = [];
  if (opts.selectable) {
    defs.push({
      colId: SELECT_COL,
      headerName: '',
      width: 44,
      minWidth: 44,
      maxWidth: 44,
      pinned: 'left',
      resizable: false,
      headerComponent: SelectAllHeader,
      cellRenderer: SelectCell,
      cellClass: 'tbo-cell--flush',
      headerClass: 'tbo-hcell--flush',
    });
  }
  for (const c of columns) {
    defs.push({
      colId: c.field,
      headerName: c.header,
      width: c.width ?? DEFAULT_COLUMN_WIDTH,
      minWidth: c.minWidth ?? minWidthOf(c),
      flex: c.flex,
      pinned: c.pinned,
      headerComponent: ColumnHeader,
      headerComponentParams: { tableColumn: c },
      cellRenderer: DataCell,
      cellRendererParams: { tableColumn: c },
      cellClass: (p) => cx('tbo-cell', typeof c.cellClass === 'function' ? (p.data ? c.cellClass(p.data) : undefined) : c.cellClass) || undefined,
      headerClass: 'tbo-hcell',
    });
  }
  if (opts.editable) {
    defs.push({
      colId: ACTIONS_COL,
      headerName: opts.actionsHeader ?? '',
      width: 96,
      minWidth: 96,
      pinned: 'right',
      resizable: false,
      headerComponent: PlainHeader,
      cellRenderer: ActionsCell,
      cellClass: 'tbo-cell--flush',
      headerClass: 'tbo-hcell',
    });
  }
  return defs;
}

/** What every column shares: no grid menus or moving, and keyboard handling that leaves our controls alone. */
export function defaultGridColumn<T>(): ColDef<T> {
  return {
    sortable: false,
    resizable: true,
    suppressMovable: true,
    suppressHeaderMenuButton: true,
    suppressHeaderContextMenu: true,
    // A title longer than its column takes a second line (the header row grows) instead of ending in '…'.
    wrapHeaderText: true,
    autoHeaderHeight: true,
    // The grid leaves keys alone inside our inputs and buttons (editors, checkboxes, pencil). Tab on a cell is
    // the browser's too: the body is one Tab stop (use-grid-tab-stop.ts), so Tab leaves the grid instead of
    // walking its cells one by one; the arrows move between them.
    suppressKeyboardEvent: (p: SuppressKeyboardEventParams<T>) => isTyping(p.event.target) || (p.event.key === 'Tab' && !p.editing),
    // Header: Enter or Tab on a focused header cell goes into its controls (sort button, filter); keys inside
    // them are theirs, so Tab then walks the filter row like a form.
    suppressHeaderKeyboardEvent: (p: SuppressHeaderKeyboardEventParams<T>) => {
      const target = p.event.target as HTMLElement | null;
      if (isTyping(target)) return true;
      if ((p.event.key === 'Enter' || (p.event.key === 'Tab' && !p.event.shiftKey)) && target?.classList.contains('ag-header-cell')) {
        const first = target.querySelector<HTMLElement>('button, input, select');
        if (first) {
          p.event.preventDefault();
          first.focus();
          return true;
        }
      }
      return false;
    },
  };
}
