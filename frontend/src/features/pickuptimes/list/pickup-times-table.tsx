import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { checkColumn, DataTable, editLinkColumn, onCellControlKey, useListDeleteColumn, type DataTableColumn, type DataTableHandle, type TableDataSource } from '../../../ui/data-table';
import { listPickUpTimes } from '../api/list-pickup-times';
import { deletePickUpTime } from '../api/delete-pickup-time';
import { DEFAULT_SORT, listPage, type PickUpTimeRow } from './list-rows';

export const pickUpTimeEditPath = (id: number) => `/pickuptimes/${id}`;

/**
 * The pick-up times (spec 02 §2 Pick-up times list): name with a text filter (sorted by name ascending at first),
 * a check mark for 'Is Fixed Time', an edit link and a delete icon that asks first; full screen and refresh.
 */
export function PickUpTimesTable() {
  const { t } = useTranslation('pickuptimes');
  const client = useQueryClient();
  const tableRef = useRef<DataTableHandle>(null);

  // Every ask (a filter, a page, refresh) reads the list again: it is short, and a refresh must show others' changes.
  const dataSource = useCallback<TableDataSource<PickUpTimeRow>>(async (filter, signal) => listPage(await listPickUpTimes(signal), filter), []);

  // The time slot screens' pick-up time choices leave it out too.
  const afterDelete = useCallback(() => void client.invalidateQueries({ queryKey: ['pickuptimes'] }), [client]);
  const del = useListDeleteColumn<PickUpTimeRow>({
    ns: 'pickuptimes',
    deleteRow: deletePickUpTime,
    tableRef,
    afterDelete,
    testIdPrefix: 'pickup',
  });

  const columns = useMemo<DataTableColumn<PickUpTimeRow>[]>(
    () => [
      {
        field: 'name',
        header: t('list.columns.name'),
        width: 320,
        minWidth: 200,
        flex: 3,
        filter: { type: 'text', placeholder: t('list.filterName') },
        render: (r) => (
          <span className="pickup-list__name" data-testid="pickup-row-name" data-pickup-id={r.id} title={r.name}>
            {r.name}
          </span>
        ),
      },
      checkColumn<PickUpTimeRow>({ field: 'isFixedTime', header: t('list.columns.isFixedTime'), width: 150, yes: t('list.yes'), no: t('list.no'), testId: 'pickup-row-fixed' }),
      editLinkColumn({ header: t('list.columns.edit'), to: (r) => pickUpTimeEditPath(r.id), label: (r) => t('list.edit', { name: r.name }), testId: 'pickup-row-edit' }),
      del.column,
    ],
    [t, del.column],
  );

  return (
    <div className="pickup-list" onKeyDownCapture={onCellControlKey}>
      <DataTable<PickUpTimeRow>
        testId="pickup-times-table"
        tableRef={tableRef}
        title={t('list.tableTitle')}
        columns={columns}
        dataSource={dataSource}
        initialSort={DEFAULT_SORT}
        emptyMessage={t('list.empty')}
        heightOffset={96}
      />
      {del.dialog}
    </div>
  );
}
