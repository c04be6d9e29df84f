import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notifications/notifications';
import { DataTable, type DataTableColumn, type DataTableHandle, type TableAction, type TableDataSource } from '../../ui/data-table';
import { Toggle } from '../../ui/fields';
import { formatMoney } from '../../ui/format/number';
import { Icon } from '../../ui/common/icons';
import { createSampleStore, SAMPLE_CATEGORY_IDS, SAMPLE_CITIES, SAMPLE_LANGUAGES, type SampleTour } from './sample-data';
import './demo.css';
import { PageHeaderBar } from '../../ui/common/page-header';

const store = createSampleStore();
const cityKey = (city: string) => city.toLowerCase().replace(/\s+/g, '');

/** /testtablefull: the data table over deterministic sample tours, every filter type, inline edit, actions, export. */
export function TestTableFullPage() {
  const { t } = useTranslation('ui');
  const tableRef = useRef<DataTableHandle>(null);
  const [onlyActive, setOnlyActive] = useState(false);

  const cities = useMemo(() => SAMPLE_CITIES.map((c) => ({ value: c as string, label: t(`demo.cities.${cityKey(c)}`) })), [t]);
  const languages = useMemo(() => SAMPLE_LANGUAGES.map((l) => ({ value: l as string, label: t(`demo.languages.${l}`) })), [t]);
  const categories = useMemo(() => SAMPLE_CATEGORY_IDS.map((id) => ({ value: id as number, label: t(`demo.categories.c${id}`) })), [t]);
  const yesNo = useMemo(() => [{ value: 'true', label: t('common.yes') }, { value: 'false', label: t('common.no') }], [t]);

  const columns = useMemo<DataTableColumn<SampleTour>[]>(
    () => [
      { field: 'id', header: t('demo.table.id'), width: 88, filter: { type: 'text-number' }, align: 'right' },
      { field: 'name', header: t('demo.table.name'), width: 240, minWidth: 200, flex: 1, filter: { type: 'text' }, editor: { type: 'text', required: true, maxLength: 120 } },
      { field: 'city', header: t('demo.table.city'), width: 150, filter: { type: 'multi-select', options: cities } },
      { field: 'language', header: t('demo.table.language'), width: 124, filter: { type: 'select', options: languages }, editor: { type: 'select', options: languages, required: true } },
      { field: 'categoryId', header: t('demo.table.category'), width: 172, filter: { type: 'multi-select-number', options: categories }, editor: { type: 'select', options: categories, required: true } },
      {
        field: 'price',
        header: t('demo.table.price'),
        headerTooltip: t('demo.table.priceHint'),
        width: 124,
        align: 'right',
        filter: { type: 'none' },
        format: (v) => formatMoney(Number(v)),
        exportValue: (r) => r.price,
        editor: { type: 'number', min: 0, max: 9999, decimals: 2 },
      },
      { field: 'tourDate', header: t('demo.table.tourDate'), width: 184, filter: { type: 'date-range' }, editor: { type: 'date', required: true } },
      { field: 'startTime', header: t('demo.table.startTime'), width: 100, filter: { type: 'none' }, editor: { type: 'time', required: true } },
      { field: 'createdOn', header: t('demo.table.createdOn'), width: 140, filter: { type: 'date' } },
      { field: 'validUntil', header: t('demo.table.validUntil'), width: 184, filter: { type: 'optional-date-range' } },
      { field: 'launchedOn', header: t('demo.table.launched'), width: 118, filter: { type: 'year', from: 2020, to: 2026 }, format: (v) => String(v ?? '').slice(0, 4) },
      { field: 'active', header: t('demo.table.active'), width: 112, align: 'center', filter: { type: 'select', options: yesNo }, editor: { type: 'checkbox' } },
    ],
    [t, cities, languages, categories, yesNo],
  );

  // A new function when the toggle changes: the table reloads from page 1.
  const dataSource = useCallback<TableDataSource<SampleTour>>((filter, signal) => store.list(filter, signal, onlyActive ? (r) => r.active : undefined), [onlyActive]);

  const actions = useMemo<TableAction<SampleTour>[]>(
    () => {
      // Activate and deactivate differ only in the flag they set and their texts (demo.table.<id>, <id>d, <id>dTitle).
      const setActive = (id: 'activate' | 'deactivate', active: boolean): TableAction<SampleTour> => ({
        id,
        label: t(`demo.table.${id}`),
        ...(active ? { icon: <Icon name="check" size={14} /> } : {}),
        disabled: (ctx) => ctx.selectedRows.length === 0,
        onClick: async (ctx) => {
          await store.setActive(
            ctx.selectedRows.map((r) => r.id),
            active,
          );
          notify({ title: t(`demo.table.${id}dTitle`), message: t(`demo.table.${id}d`, { count: ctx.selectedRows.length }), kind: 'success' });
          ctx.refresh();
        },
      });
      return [setActive('activate', true), setActive('deactivate', false)];
    },
    [t],
  );

  return (
    <div className="page demo-page">
      <PageHeaderBar className="demo-page__header" title={t('demo.table.pageTitle')} subtitle={t('demo.table.pageSubtitle')} />
      <DataTable<SampleTour>
        testId="test-table"
        tableRef={tableRef}
        title={t('demo.table.title')}
        columns={columns}
        dataSource={dataSource}
        getRowId={(r) => r.id}
        initialSort={{ field: 'id', type: 'ASC' }}
        selectable
        actions={actions}
        toolbarExtra={<Toggle size="sm" checked={onlyActive} onChange={setOnlyActive} label={t('demo.table.onlyActive')} />}
        exportOptions={{ title: t('demo.table.exportTitle'), fileName: 'tours.xlsx' }}
        onSave={async (row) => {
          const saved = await store.save(row);
          notify({ title: t('demo.table.savedTitle'), message: t('demo.table.saved', { id: row.id }), kind: 'success' });
          return saved;
        }}
        rowClass={(r) => (r.active ? undefined : 'demo-row--inactive')}
        actionsHeader={t('demo.table.edit')}
        heightOffset={108}
      />
    </div>
  );
}
