import { Link } from 'react-router-dom';
import { Icon } from '../common/icons';
import type { DataTableColumn } from './types';

export interface EditLinkColumnOptions<T> {
  header: string;
  /** The row's edit page. */
  to: (row: T) => string;
  /** The link's accessible name and tooltip ('Edit Airport'). */
  label: (row: T) => string;
  testId: string;
  /** Wider than the pencil needs where the column's title is a longer word ('Изменить'). */
  width?: number;
  minWidth?: number;
  /** False keeps the column out of an Excel export. */
  exportValue?: false;
}

/**
 * The pencil column pinned on the right of a list: a link to the row's edit page. The link is out of the tab order
 * (the grid focuses the cell; the wrapper's cell key handler follows it).
 */
export function editLinkColumn<T extends { id: number }>({ header, to, label, testId, width = 76, minWidth, exportValue }: EditLinkColumnOptions<T>): DataTableColumn<T> {
  return {
    field: 'id',
    header,
    width,
    ...(minWidth !== undefined && { minWidth }),
    align: 'center',
    sortable: false,
    pinned: 'right',
    ...(exportValue === false && { exportValue }),
    render: (row) => (
      <Link to={to(row)} className="tbo-btn tbo-btn--sm tbo-btn--ghost tbo-btn--icon" aria-label={label(row)} title={label(row)} tabIndex={-1} data-testid={testId}>
        <Icon name="pencil" size={15} />
      </Link>
    ),
  };
}
