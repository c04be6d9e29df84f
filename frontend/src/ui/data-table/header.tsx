import type { IHeaderParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { useTable } from './context';
import { FilterControl } from './filter-controls';
import type { DataTableColumn } from './types';

const hasFilter = (c: Pick<DataTableColumn<unknown>, 'filter'>) => !!c.filter && c.filter.type !== 'none';

/**
 * A header's contents sit at the bottom of its cell so that, when one title takes two lines and the header row grows,
 * every filter stays on one line. A column without a filter keeps the filter's room empty in a table that has
 * filters, so its title lines up with the others.
 */
function FilterRoom() {
  const { columns } = useTable();
  return columns.some(hasFilter) ? <div className="tbo-th__filter" aria-hidden="true" /> : null;
}

export interface ColumnHeaderParams<T> extends IHeaderParams<T> {
  tableColumn: DataTableColumn<T>;
}

/** A column header: the title (a button that sorts ASC → DESC → off when the column sorts) over its filter control. */
export function ColumnHeader<T>({ tableColumn: col }: ColumnHeaderParams<T>) {
  const { t } = useTranslation('ui');
  const { state, dispatch, filterDebounceMs } = useTable<T>();
  const sortField = col.sortField ?? col.field;
  const sortable = col.sortable ?? true;
  const sort = state.sort?.field === sortField ? state.sort.type : null;
  const filterField = col.filterField ?? col.field;
  const filter = col.filter ?? { type: 'none' as const };
  const ariaSort = sort === 'ASC' ? t('table.sort.ascending') : sort === 'DESC' ? t('table.sort.descending') : t('table.sort.none');
  const alignEnd = col.align === 'right';
  return (
    <div className={cx('tbo-th', alignEnd && 'tbo-th--end', col.align === 'center' && 'tbo-th--center')} title={col.headerTooltip}>
      <div className="tbo-th__top">
        {sortable ? (
          <button
            type="button"
            className={cx('tbo-th__sort', sort && 'tbo-th__sort--on')}
            onClick={() => dispatch({ type: 'sort', field: sortField })}
            aria-label={`${col.header}, ${ariaSort}. ${t('table.sort.hint')}`}
            title={col.headerTooltip ? `${col.headerTooltip}. ${t('table.sort.hint')}` : t('table.sort.hint')}
            data-sort={sort ?? 'none'}
          >
            <span className="tbo-th__text">{col.header}</span>
            <span className={cx('tbo-th__sort-icon', !sort && 'tbo-th__sort-icon--idle')} aria-hidden="true">
              <Icon name={sort === 'DESC' ? 'arrowDown' : sort === 'ASC' ? 'arrowUp' : 'sort'} size={13} strokeWidth={2.2} />
            </span>
          </button>
        ) : (
          <span className="tbo-th__text tbo-th__text--plain">{col.header}</span>
        )}
      </div>
      {filter.type === 'none' ? (
        <FilterRoom />
      ) : (
        <div className="tbo-th__filter">
          <FilterControl
            filter={filter}
            label={col.header}
            value={state.filters[filterField]}
            debounceMs={filterDebounceMs}
            onChange={(value) => dispatch({ type: 'filter', field: filterField, value })}
          />
        </div>
      )}
    </div>
  );
}

/** The selection column's header: one checkbox toggling the page's rows between none and all. */
export function SelectAllHeader() {
  const { t } = useTranslation('ui');
  const { rows, selected, getKey, toggleAllRows } = useTable();
  const keys = rows.map(getKey);
  const count = keys.filter((k) => selected.has(k)).length;
  const all = keys.length > 0 && count === keys.length;
  return (
    <div className="tbo-th tbo-th--select">
      <div className="tbo-th__top">
        <input
          type="checkbox"
          className="tbo-checkbox"
          checked={all}
          ref={(el) => {
            if (el) el.indeterminate = count > 0 && !all;
          }}
          disabled={keys.length === 0}
          aria-label={all ? t('table.selectNone') : t('table.selectAll')}
          title={all ? t('table.selectNone') : t('table.selectAll')}
          onChange={toggleAllRows}
        />
      </div>
      <FilterRoom />
    </div>
  );
}

/** The actions column's header (its title only). */
export function PlainHeader({ displayName }: IHeaderParams) {
  return (
    <div className="tbo-th tbo-th--plain">
      <div className="tbo-th__top">
        <span className="tbo-th__text tbo-th__text--plain">{displayName}</span>
      </div>
      <FilterRoom />
    </div>
  );
}
