import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { checkColumn, editLinkColumn, ShortListTable, textColumn, type DataTableColumn, type DataTableHandle, type TableDataSource } from '../../../ui/data-table';
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

  const columns = useMemo<DataTableColumn<PickUpTimeRow>[]>(
    () => [
      textColumn<PickUpTimeRow>({ field: 'name', header: t('list.columns.name'), width: 320, minWidth: 200, flex: 3, placeholder: t('list.filterName'), text: (r) => r.name, className: 'pickup-list__name', testId: 'pickup-row-name', attrs: (r) => ({ 'data-pickup-id': r.id }) }),
      checkColumn<PickUpTimeRow>({ field: 'isFixedTime', header: t('list.columns.isFixedTime'), width: 200, yes: t('list.yes'), no: t('list.no'), testId: 'pickup-row-fixed' }),
      editLinkColumn({ header: t('list.columns.edit'), width: 96, to: (r) => pickUpTimeEditPath(r.id), label: (r) => t('list.edit', { name: r.name }), testId: 'pickup-row-edit' }),
    ],
    [t],
  );

  return (
    <ShortListTable<PickUpTimeRow>
      ns="pickuptimes"
      className="pickup-list"
      testId="pickup-times-table"
      tableRef={tableRef}
      columns={columns}
      dataSource={dataSource}
      initialSort={DEFAULT_SORT}
      deleteRow={deletePickUpTime}
      deleteTestIdPrefix="pickup"
      afterDelete={afterDelete}
    />
  );
}
