import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { checkColumn, DataTable, onCellControlKey, useListDeleteColumn, type DataTableColumn, type DataTableHandle, type TableDataSource } from '../../../ui/data-table';
import { deleteExternalProvider } from '../api/delete-external-provider';
import { listExternalProviders } from '../api/list-external-providers';
import { DEFAULT_SORT, listPage, type ProviderRow } from './list-rows';

/** The time slot editor's provider choices (its own query key): a change here shows there. */
export const PROVIDER_OPTIONS_KEY = ['timeslots', 'externalproviders'] as const;

interface ExternalProvidersTableProps {
  tableRef: RefObject<DataTableHandle | null>;
  onEdit: (row: ProviderRow) => void;
}

/**
 * The supplier's providers: name and base URL with text filters (by name at first), a check mark when an API key
 * is stored (the key itself is never shown), an edit button (the form dialog) and a delete button that asks first.
 */
export function ExternalProvidersTable({ tableRef, onEdit }: ExternalProvidersTableProps) {
  const { t } = useTranslation('external-providers');
  const client = useQueryClient();

  // Every ask (a filter, a page, refresh) reads the list again: it is short, and a refresh must show others' changes.
  const dataSource = useCallback<TableDataSource<ProviderRow>>(async (filter, signal) => listPage(await listExternalProviders(signal), filter), []);

  const afterDelete = useCallback(() => void client.invalidateQueries({ queryKey: PROVIDER_OPTIONS_KEY }), [client]);
  const del = useListDeleteColumn<ProviderRow>({
    ns: 'external-providers',
    deleteRow: deleteExternalProvider,
    tableRef,
    afterDelete,
    testIdPrefix: 'provider',
  });

  const columns = useMemo<DataTableColumn<ProviderRow>[]>(
    () => [
      {
        field: 'name',
        header: t('list.columns.name'),
        width: 260,
        minWidth: 180,
        flex: 2,
        filter: { type: 'text', placeholder: t('list.filterName') },
        render: (r) => (
          <span className="providers-list__name" data-testid="provider-row-name" data-provider-id={r.id} title={r.name}>
            {r.name}
          </span>
        ),
      },
      {
        field: 'baseUrl',
        header: t('list.columns.baseUrl'),
        width: 360,
        minWidth: 200,
        flex: 3,
        filter: { type: 'text', placeholder: t('list.filterBaseUrl') },
        render: (r) => (
          <span className="providers-list__url" data-testid="provider-row-url" title={r.baseUrl}>
            {r.baseUrl}
          </span>
        ),
      },
      checkColumn<ProviderRow>({ field: 'hasApiKey', header: t('list.columns.hasApiKey'), width: 150, yes: t('list.yes'), no: t('list.no'), testId: 'provider-row-key' }),
      {
        field: 'edit',
        header: t('list.columns.edit'),
        width: 76,
        align: 'center',
        sortable: false,
        pinned: 'right',
        exportValue: false,
        render: (r) => (
          <Button size="sm" variant="ghost" iconOnly icon="pencil" label={t('list.edit', { name: r.name })} tabIndex={-1} onClick={() => onEdit(r)} data-testid="provider-row-edit" />
        ),
      },
      del.column,
    ],
    [t, del.column, onEdit],
  );

  return (
    <div className="providers-list" onKeyDownCapture={onCellControlKey}>
      <DataTable<ProviderRow>
        testId="providers-table"
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
