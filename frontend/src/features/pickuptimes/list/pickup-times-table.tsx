import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notifications/notifications';
import { Icon } from '../../../ui/common/icons';
import { DataTable, editLinkColumn, onCellControlKey, useDeleteColumn, type DataTableColumn, type DataTableHandle, type FilterOption, type TableDataSource } from '../../../ui/data-table';
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

  const yesNo = useMemo<FilterOption<string>[]>(
    () => [
      { value: 'true', label: t('list.yes') },
      { value: 'false', label: t('list.no') },
    ],
    [t],
  );

  const remove = useCallback(
    async (row: PickUpTimeRow) => {
      await deletePickUpTime(row.id);
      notify({ title: t('list.deleted.title'), message: t('list.deleted.message', { name: row.name }), kind: 'success' });
      tableRef.current?.refresh();
      // The time slot screens' pick-up time choices leave it out too.
      void client.invalidateQueries({ queryKey: ['pickuptimes'] });
    },
    [t, client],
  );
  const label = useCallback((r: PickUpTimeRow) => t('list.delete', { name: r.name }), [t]);
  const del = useDeleteColumn<PickUpTimeRow>({
    header: t('list.columns.delete'),
    label,
    confirm: { title: t('list.confirmDelete.title'), message: (r) => t('list.confirmDelete.message', { name: r.name }), yes: t('list.confirmDelete.yes'), no: t('list.confirmDelete.no') },
    remove,
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
      {
        field: 'isFixedTime',
        header: t('list.columns.isFixedTime'),
        width: 150,
        align: 'center',
        filter: { type: 'select', options: yesNo },
        render: (r) => (
          <span className="pickup-list__check" data-testid="pickup-row-fixed" data-on={r.isFixedTime}>
            {r.isFixedTime && <Icon name="check" size={16} />}
            <span className="tbo-sr-only">{r.isFixedTime ? t('list.yes') : t('list.no')}</span>
          </span>
        ),
      },
      editLinkColumn({ header: t('list.columns.edit'), to: (r) => pickUpTimeEditPath(r.id), label: (r) => t('list.edit', { name: r.name }), testId: 'pickup-row-edit' }),
      del.column,
    ],
    [t, yesNo, del.column],
  );

  return (
    <div className="pickup-list" onKeyDownCapture={onCellControlKey}>
      <DataTable<PickUpTimeRow>
        testId="pickup-times-table"
        tableRef={tableRef}
        title={t('list.tableTitle')}
        ariaLabel={t('list.tableTitle')}
        columns={columns}
        dataSource={dataSource}
        getRowId={(r) => r.id}
        initialSort={DEFAULT_SORT}
        emptyMessage={t('list.empty')}
        heightOffset={96}
      />
      {del.dialog}
    </div>
  );
}
