import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { checkColumn, ShortListTable, textColumn, type DataTableColumn, type DataTableHandle, type TableDataSource } from '../../../ui/data-table';
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

  const columns = useMemo<DataTableColumn<ProviderRow>[]>(
    () => [
      textColumn<ProviderRow>({ field: 'name', header: t('list.columns.name'), width: 260, minWidth: 180, flex: 2, placeholder: t('list.filterName'), text: (r) => r.name, className: 'providers-list__name', testId: 'provider-row-name', attrs: (r) => ({ 'data-provider-id': r.id }) }),
      textColumn<ProviderRow>({ field: 'baseUrl', header: t('list.columns.baseUrl'), width: 360, minWidth: 200, flex: 3, placeholder: t('list.filterBaseUrl'), text: (r) => r.baseUrl, className: 'providers-list__url', testId: 'provider-row-url' }),
      checkColumn<ProviderRow>({ field: 'hasApiKey', header: t('list.columns.hasApiKey'), width: 180, yes: t('list.yes'), no: t('list.no'), testId: 'provider-row-key' }),
      {
        field: 'edit',
        header: t('list.columns.edit'),
        // 'Изменить' in full beside the pencil.
        width: 96,
        align: 'center',
        sortable: false,
        pinned: 'right',
        exportValue: false,
        render: (r) => (
          <Button size="sm" variant="ghost" iconOnly icon="pencil" label={t('list.edit', { name: r.name })} tabIndex={-1} onClick={() => onEdit(r)} data-testid="provider-row-edit" />
        ),
      },
    ],
    [t, onEdit],
  );

  return (
    <ShortListTable<ProviderRow>
      ns="external-providers"
      className="providers-list"
      testId="providers-table"
      tableRef={tableRef}
      columns={columns}
      dataSource={dataSource}
      initialSort={DEFAULT_SORT}
      deleteRow={deleteExternalProvider}
      deleteTestIdPrefix="provider"
      afterDelete={afterDelete}
    />
  );
}
