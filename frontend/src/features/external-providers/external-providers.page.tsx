import './external-providers.css';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DataTableHandle } from '../../ui/data-table';
import { ListPageFrame } from '../../ui/list-page';
import type { ExternalProvider } from './api/external-provider.schema';
import { ProviderDialog } from './edit/provider-dialog';
import { ExternalProvidersTable, PROVIDER_OPTIONS_KEY } from './list/external-providers-table';

/** Which form is open: none, a new provider, or the provider being edited. */
type Editing = { provider: ExternalProvider | null } | null;

/**
 * /externalproviders (admin only): the supplier's upstream OCTO providers, which the time slot editor's external
 * fields use. The list, and one dialog to add or edit a provider and test its connection.
 */
export function ExternalProvidersPage() {
  const { t } = useTranslation('external-providers');
  const client = useQueryClient();
  const tableRef = useRef<DataTableHandle>(null);
  const [editing, setEditing] = useState<Editing>(null);

  const onEdit = useCallback((provider: ExternalProvider) => setEditing({ provider }), []);
  const changed = () => {
    setEditing(null);
    tableRef.current?.refresh();
    void client.invalidateQueries({ queryKey: PROVIDER_OPTIONS_KEY });
  };

  return (
    <ListPageFrame
      testId="external-providers"
      className="providers-page"
      title={t('list.title')}
      subtitle={t('list.subtitle')}
      add={{ onClick: () => setEditing({ provider: null }), label: t('list.add'), testId: 'provider-add' }}
    >
      <ExternalProvidersTable tableRef={tableRef} onEdit={onEdit} />
      {editing && <ProviderDialog key={editing.provider?.id ?? 0} provider={editing.provider} onSaved={changed} onGone={changed} onClose={() => setEditing(null)} />}
    </ListPageFrame>
  );
}
