import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { checkColumn, DataTable, deletedRowClass, editLinkColumn, localPage, onGridKeyDownCapture, useTableUrl, type DataTableColumn, type TableDataSource, type TableUrl, type TableUrlSpec } from '../../../ui/data-table';
import { Toggle } from '../../../ui/fields';
import { listGroups } from '../api/list-time-slot-groups';
import { pickUpTimeOptionsQuery } from '../api/list-pickup-time-options';
import { groupEditPath, groupRows, type GroupRow } from './group-rows';

export const TIMESLOTS_FILE_NAME = 'timeslots.xlsx';

const SHOW_DELETED = 'showDeleted';
const DEFAULT_SORT = { field: 'name', type: 'ASC' } as const;

/** The list in the address (kept across a reload and Back from a group): `?name=morning&pickUp=hotel&showDeleted=true&page=2&sort=-capacity`. */
export const GROUPS_LIST_URL: TableUrlSpec = {
  filters: [
    { field: 'name', param: 'name', type: 'text' },
    { field: 'pickUpTimeName', param: 'pickUp', type: 'text' },
  ],
  toggles: [SHOW_DELETED],
  sortFields: ['name', 'pickUpTimeName', 'capacity', 'minimumAdvancedBooking', 'isTimeSlotsIndependant', 'slotCount'],
  defaultSort: DEFAULT_SORT,
};

/** The time slot groups (spec 02 §2 Time slots list): filter by name, sort, open one, export to Excel. */
export function GroupsTable() {
  const url = useTableUrl(GROUPS_LIST_URL);
  return <Groups key={url.generation} url={url} />;
}

function Groups({ url }: { url: TableUrl }) {
  const { t } = useTranslation('timeslots');
  const { initial, record } = url;
  const [showDeleted, setShowDeleted] = useState(!!initial.toggles[SHOW_DELETED]);
  const client = useQueryClient();
  // The list arrives whole (a supplier has a handful of groups): every ask (refresh included) reads it again and
  // filters, sorts and pages it here. The pick-up time names are read in the same ask, from the cache while it is
  // fresh (30 s) and again once a rename or delete has invalidated it, so a row never shows 'None' for a pick-up
  // time whose name has not arrived yet, nor an old name.
  const dataSource = useCallback<TableDataSource<GroupRow>>(
    async (filter, signal) => {
      record(filter, { [SHOW_DELETED]: showDeleted });
      const [groups, options] = await Promise.all([listGroups(showDeleted, signal), client.fetchQuery(pickUpTimeOptionsQuery)]);
      return localPage(groupRows(groups, new Map(options.map((o) => [o.value, o.label]))), filter);
    },
    [client, showDeleted, record],
  );

  const columns = useMemo<DataTableColumn<GroupRow>[]>(() => {
    const advanceText = (v: number | null) => (v === null ? '' : v < 0 ? t('common.hoursAfterStart', { count: -v }) : t('common.hours', { count: v }));
    return [
      {
        field: 'name',
        header: t('list.columns.name'),
        width: 260,
        minWidth: 180,
        flex: 2,
        filter: { type: 'text' },
        render: (r) => (
          <span className="timeslots-list__slots">
            <Link to={groupEditPath(r.id)} className="timeslots-list__name" tabIndex={-1} data-testid="group-row-name" data-group-id={r.id}>
              {r.name}
            </Link>
            {r.isDeleted && <span className="timeslots-badge">{t('common.deleted')}</span>}
          </span>
        ),
        exportValue: (r) => r.name,
      },
      { field: 'pickUpTimeName', header: t('list.columns.pickUpTime'), width: 220, minWidth: 180, flex: 1, filter: { type: 'text' }, format: (v) => (v as string) || t('list.noPickUpTime') },
      { field: 'capacity', header: t('list.columns.capacity'), width: 140, align: 'right', format: (v) => (v === null ? '' : String(v)), exportValue: (r) => r.capacity },
      {
        field: 'minimumAdvancedBooking',
        header: t('list.columns.advance'),
        width: 210,
        align: 'right',
        // A negative advance lets guests book after the start: said so, rather than '-2 hours', on screen and in the sheet.
        format: (v) => advanceText(v as number | null),
      },
      {
        ...checkColumn<GroupRow>({ field: 'isTimeSlotsIndependant', header: t('list.columns.independent'), width: 190, yes: t('common.yes'), no: t('common.no'), testId: 'group-row-independent', className: 'timeslots-list__check' }),
        exportValue: (r) => (r.isTimeSlotsIndependant ? t('common.yes') : t('common.no')),
      },
      {
        field: 'slotCount',
        header: t('list.columns.slots'),
        width: 260,
        flex: 2,
        render: (r) => (
          <span className="timeslots-list__slots" title={r.slotNames} data-testid="group-row-slots">
            <span className="timeslots-list__count">{t('list.slotCount', { count: r.slotCount })}</span>
            {r.slotNames && <span className="timeslots-list__slot-names">{r.slotNames}</span>}
          </span>
        ),
        exportValue: (r) => r.slotNames,
      },
      editLinkColumn({ header: t('list.columns.edit'), to: (r) => groupEditPath(r.id), label: (r) => t('list.edit', { name: r.name }), testId: 'group-row-edit', exportValue: false }),
    ];
  }, [t]);

  return (
    <div className="timeslots-list" onKeyDownCapture={onGridKeyDownCapture}>
      <DataTable<GroupRow>
        testId="groups-table"
        title={t('list.tableTitle')}
        columns={columns}
        dataSource={dataSource}
        initialSort={initial.sort ?? undefined}
        initialFilters={initial.filters}
        initialPage={initial.page}
        rowClass={deletedRowClass}
        emptyMessage={showDeleted ? t('list.emptyAll') : t('list.empty')}
        toolbarExtra={<Toggle size="sm" checked={showDeleted} onChange={setShowDeleted} label={t('list.showDeleted')} />}
        heightOffset={96}
        exportOptions={{ title: t('list.title'), fileName: TIMESLOTS_FILE_NAME }}
      />
    </div>
  );
}
