import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type DataTableColumn, type TableDataSource } from '../../../ui/data-table';
import { dubaiDateTime } from '../../../ui/format/day-format';
import { ACTIVITY_OPTIONS_KEY, activityOptions, listActivity, type ActivityEntry } from './activity.api';
import { ActivityItem } from './activity-item';
import { humanize } from './activity-item.logic';
import { AdminTabCard } from '../admin-tab-card';
import { activityPerson } from './activity-person.logic';

/**
 * The Activity tab of /admin: who did what and when for the supplier, newest first, a page at a time. Filters:
 * the person (as the doer, or the admin behind a 'log me in'), the kind of item and the days. A 'log me in' shows
 * both people; items link to their history where they have one.
 */
export function ActivityTab() {
  const { t } = useTranslation('activity');
  const options = useQuery({ queryKey: ACTIVITY_OPTIONS_KEY, queryFn: ({ signal }) => activityOptions(signal), staleTime: 0 });
  const dataSource = useCallback<TableDataSource<ActivityEntry>>((filter, signal) => listActivity(filter, signal), []);
  const job = useCallback((id: string) => t(`systemJobs.${id}`, { defaultValue: '' }) || null, [t]);
  const person = useCallback((email: string | null, name: string | null) => activityPerson(email, name, t('system'), job), [t, job]);

  const columns = useMemo<DataTableColumn<ActivityEntry>[]>(() => {
    const users = (options.data?.users ?? []).map((u) => ({ value: u.email, label: person(u.email, u.name) }));
    const kinds = (options.data?.kinds ?? []).map((k) => ({ value: k, label: t(`kinds.${k}`, { defaultValue: humanize(k) }) }));
    return [
      { field: 'at', header: t('columns.at'), width: 160, sortable: false, filter: { type: 'optional-date-range' }, format: (_v, r) => dubaiDateTime(r.at), exportValue: false },
      {
        field: 'user',
        header: t('columns.user'),
        width: 240,
        flex: 2,
        sortable: false,
        filter: { type: 'select', options: users },
        render: (r) => (
          <span data-testid="activity-user">{r.actedBy ? t('actedAs', { admin: person(r.actedBy, r.actedByName), user: person(r.user, r.userName) }) : person(r.user, r.userName)}</span>
        ),
      },
      { field: 'type', header: t('columns.what'), width: 240, flex: 2, sortable: false, format: (_v, r) => t(`events.${r.type}`, { defaultValue: humanize(r.type) }) },
      { field: 'kind', header: t('columns.kind'), width: 150, sortable: false, filter: { type: 'select', options: kinds }, format: (_v, r) => t(`kinds.${r.kind}`, { defaultValue: humanize(r.kind) }) },
      { field: 'itemLabel', header: t('columns.item'), width: 240, flex: 2, sortable: false, render: (r) => <ActivityItem entry={r} t={t} /> },
    ];
  }, [options.data, t, person]);

  return (
    <AdminTabCard tab="activity" name="activity">
      <DataTable<ActivityEntry> testId="activity-table" title={t('tableTitle')} columns={columns} dataSource={dataSource} emptyMessage={t('empty')} heightOffset={150} />
    </AdminTabCard>
  );
}
