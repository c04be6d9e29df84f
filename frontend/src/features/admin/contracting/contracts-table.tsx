import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import { dubaiDay } from '../../../ui/format/day-format';
import type { ContractRow } from './api/contracts.api';
import { commissionText } from './contract-form';
import { ResellerKeysPanel } from './reseller-keys-panel';
import { ColumnHeads } from '../../../ui/common/column-heads';

interface ContractsTableProps {
  rows: ContractRow[];
  busyAgencyId: number | null;
  onEditCommission: (row: ContractRow) => void;
  onSuspend: (row: ContractRow) => void;
  onResume: (row: ContractRow) => void;
  /** The agency whose API keys are open under its row. */
  keysAgencyId: number | null;
  onToggleKeys: (row: ContractRow) => void;
}

/**
 * The contracted agencies: name, commission (or the period's), status, agents, signing date and the actions; an
 * agency's API keys open in a row of their own under it.
 */
export function ContractsTable({ rows, busyAgencyId, onEditCommission, onSuspend, onResume, keysAgencyId, onToggleKeys }: ContractsTableProps) {
  const { t, i18n } = useTranslation('contracts');
  return (
    <table className="contracts-table" data-testid="contracts-table" aria-label={t('tableLabel')}>
      <ColumnHeads
        labels={[t('columns.agency'), t('columns.commission'), t('columns.status'), t('columns.agents'), t('columns.signedAt'), t('columns.actions')]}
        classNames={{ 3: 'contracts-table__num', 5: 'contracts-table__actions' }}
      />
      <tbody>
        {rows.map((r) => (
          <Fragment key={r.agencyId}>
            <tr className={cx(r.isSuspended && 'contracts-table__row--suspended')} data-testid="contract-row" data-agency-id={r.agencyId}>
              <th scope="row" className="contracts-table__name" data-testid="contract-name">
                {r.agencyName}
              </th>
              <td data-testid="contract-commission">{commissionText(r.commission, t('periodCommission'), i18n.language)}</td>
              <td>
                <span className={cx('contracts-status', r.isSuspended ? 'contracts-status--suspended' : 'contracts-status--active')} data-testid="contract-status">
                  {r.isSuspended ? t('status.suspended') : t('status.active')}
                </span>
              </td>
              <td className="contracts-table__num" data-testid="contract-agents">
                {r.agents}
              </td>
              <td>{dubaiDay(r.signedAt)}</td>
              <td className="contracts-table__actions">
                <Button
                  size="sm"
                  label={t('keys.open')}
                  aria-label={t('keys.openOf', { name: r.agencyName })}
                  aria-expanded={keysAgencyId === r.agencyId}
                  aria-controls={`reseller-keys-${r.agencyId}`}
                  onClick={() => onToggleKeys(r)}
                  data-testid="contract-keys"
                />
                <Button size="sm" variant="ghost" iconOnly icon="pencil" label={t('actions.editCommission', { name: r.agencyName })} onClick={() => onEditCommission(r)} data-testid="contract-edit-commission" />
                {r.isSuspended ? (
                  <Button size="sm" label={t('actions.resume')} aria-label={t('actions.resumeOf', { name: r.agencyName })} busy={busyAgencyId === r.agencyId} onClick={() => onResume(r)} data-testid="contract-resume" />
                ) : (
                  <Button size="sm" variant="danger" label={t('actions.suspend')} aria-label={t('actions.suspendOf', { name: r.agencyName })} busy={busyAgencyId === r.agencyId} onClick={() => onSuspend(r)} data-testid="contract-suspend" />
                )}
              </td>
            </tr>
            {keysAgencyId === r.agencyId && (
              <tr className="contracts-table__keys" id={`reseller-keys-${r.agencyId}`}>
                <td colSpan={6}>
                  <ResellerKeysPanel agency={r} />
                </td>
              </tr>
            )}
          </Fragment>
        ))}
      </tbody>
    </table>
  );
}
