import './contracting.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../app/forms/field';
import { notify } from '../../../app/notifications/notifications';
import { Button } from '../../../ui/common/button';
import { ConfirmDialog } from '../../../ui/common/confirm-dialog';
import { CONTRACTS_KEY, listContracts, suspendContract, type ContractRow } from './api/contracts.api';
import { AddAgencyDialog } from './add-agency-dialog';
import { CommissionDialog } from './commission-dialog';
import { ContractsTable } from './contracts-table';
import { SignAgencyDialog } from './sign-agency-dialog';
import { AdminTabCard } from '../admin-tab-card';

type Open = { kind: 'add' } | { kind: 'sign' } | { kind: 'commission'; row: ContractRow } | { kind: 'suspend'; row: ContractRow } | null;

/**
 * The Contracting tab of /admin: the agencies that may sell the supplier's tours. Add an agency with its first
 * agent, sign one already registered, edit an agency's commission, suspend (after asking) or resume a contract, and
 * manage the API keys its resellers call the OCTO supplier API with.
 */
export function ContractingTab() {
  const { t } = useTranslation('contracts');
  const client = useQueryClient();
  const contracts = useQuery({ queryKey: CONTRACTS_KEY, queryFn: ({ signal }) => listContracts(signal) });
  const [open, setOpen] = useState<Open>(null);
  const [busyAgencyId, setBusyAgencyId] = useState<number | null>(null);
  const [keysAgencyId, setKeysAgencyId] = useState<number | null>(null);

  const changed = () => {
    setOpen(null);
    void client.invalidateQueries({ queryKey: CONTRACTS_KEY });
  };

  const setSuspended = async (row: ContractRow, suspend: boolean) => {
    setOpen(null);
    setBusyAgencyId(row.agencyId);
    try {
      await suspendContract(row.agencyId, suspend);
      notify({ title: t(suspend ? 'notices.suspended' : 'notices.resumed', { name: row.agencyName }), message: t(suspend ? 'suspended' : 'resumed', { name: row.agencyName }), kind: 'success' });
      await client.invalidateQueries({ queryKey: CONTRACTS_KEY });
    } catch {
      // The shared call has shown why.
    } finally {
      setBusyAgencyId(null);
    }
  };

  return (
    <AdminTabCard tab="contracting" name="contracting">
      <p className="contracting__intro">{t('intro')}</p>
      <div className="contracting__toolbar">
        <Button variant="primary" icon="plus" label={t('add')} onClick={() => setOpen({ kind: 'add' })} data-testid="contract-add" />
        <Button label={t('signExisting')} onClick={() => setOpen({ kind: 'sign' })} data-testid="contract-sign" />
      </div>
      {contracts.isError ? (
        <div className="contracting__state" data-testid="contracts-load-error">
          <FormMessage kind="error">{t('loadFailed', { message: contracts.error instanceof Error ? contracts.error.message : '' })}</FormMessage>
          <Button onClick={() => void contracts.refetch()} label={t('retry')} />
        </div>
      ) : contracts.isPending ? (
        <div className="contracting__state" role="status">
          <span className="tbo-spinner" aria-hidden="true" />
          <span>{t('loading')}</span>
        </div>
      ) : contracts.data.length === 0 ? (
        <p className="contracting__empty" data-testid="contracts-empty">
          {t('empty')}
        </p>
      ) : (
        <div className="contracting__scroll">
          <ContractsTable
            rows={contracts.data}
            busyAgencyId={busyAgencyId}
            onEditCommission={(row) => setOpen({ kind: 'commission', row })}
            onSuspend={(row) => setOpen({ kind: 'suspend', row })}
            onResume={(row) => void setSuspended(row, false)}
            keysAgencyId={keysAgencyId}
            onToggleKeys={(row) => setKeysAgencyId((open) => (open === row.agencyId ? null : row.agencyId))}
          />
        </div>
      )}
      {open?.kind === 'add' && <AddAgencyDialog onSaved={changed} onClose={() => setOpen(null)} />}
      {open?.kind === 'sign' && <SignAgencyDialog onSaved={changed} onClose={() => setOpen(null)} />}
      {open?.kind === 'commission' && <CommissionDialog contract={open.row} onSaved={changed} onClose={() => setOpen(null)} />}
      {open?.kind === 'suspend' && (
        <ConfirmDialog
          title={t('confirmSuspend.title')}
          message={t('confirmSuspend.message', { name: open.row.agencyName })}
          confirmLabel={t('confirmSuspend.yes')}
          cancelLabel={t('confirmSuspend.no')}
          danger
          onConfirm={() => void setSuspended(open.row, true)}
          onCancel={() => setOpen(null)}
          testId="contract-suspend-dialog"
          confirmTestId="contract-suspend-yes"
          cancelTestId="contract-suspend-no"
        />
      )}
    </AdminTabCard>
  );
}
