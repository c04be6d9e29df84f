import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../app/forms/field';
import { notify } from '../../../app/notifications/notifications';
import { Button } from '../../../ui/common/button';
import { ConfirmDialog } from '../../../ui/common/confirm-dialog';
import { cx } from '../../../ui/common/cx';
import type { ContractRow } from './api/contracts.api';
import { listResellerKeys, resellerKeysKey, revokeResellerKey, type IssuedKey, type ResellerKeyRow } from './api/reseller-keys.api';
import { IssueKeyDialog } from './issue-key-dialog';
import { IssuedKeyDialog } from './issued-key-dialog';
import { keyTimeText, maskedKey } from './reseller-keys.logic';
import { ColumnHeads } from '../../../ui/common/column-heads';

type Open = { kind: 'issue' } | { kind: 'issued'; issued: IssuedKey } | { kind: 'revoke'; row: ResellerKeyRow } | null;
type Awaiting = { id: number; revoked: boolean; until: number };

const POLL_MS = 500;
const POLL_FOR_MS = 15_000;
const shows = (rows: ResellerKeyRow[] | undefined, a: Awaiting) => !!rows?.some((k) => k.id === a.id && !!k.revokedAt === a.revoked);

/**
 * An agency's API keys for the OCTO supplier API: name, first characters, issued, last used and whether revoked;
 * issue a key (shown once) and revoke one (after asking: resellers using it are refused from the next request).
 */
export function ResellerKeysPanel({ agency }: { agency: ContractRow }) {
  const { t } = useTranslation('contracts');
  const client = useQueryClient();
  const queryKey = resellerKeysKey(agency.agencyId);
  /** A change the list must show: until it does (a busy read model may pass the read's wait), the list polls. */
  const [awaiting, setAwaiting] = useState<Awaiting | null>(null);
  const keys = useQuery({
    queryKey,
    queryFn: ({ signal }) => listResellerKeys(agency.agencyId, signal),
    refetchInterval: (q) => (awaiting && !shows(q.state.data, awaiting) && Date.now() < awaiting.until ? POLL_MS : false),
  });
  const [open, setOpen] = useState<Open>(null);
  const [busyKeyId, setBusyKeyId] = useState<number | null>(null);
  const refresh = (expect: Omit<Awaiting, 'until'>) => {
    setAwaiting({ ...expect, until: Date.now() + POLL_FOR_MS });
    void client.invalidateQueries({ queryKey });
  };

  const revoke = async (row: ResellerKeyRow) => {
    setOpen(null);
    setBusyKeyId(row.id);
    try {
      await revokeResellerKey(agency.agencyId, row.id);
      notify({ title: t('notices.keyRevoked', { name: row.name }), message: t('keys.revoked', { name: row.name }), kind: 'success' });
      refresh({ id: row.id, revoked: true });
    } catch {
      // The shared call has shown why.
    } finally {
      setBusyKeyId(null);
    }
  };

  return (
    <section className="reseller-keys" aria-label={t('keys.title', { name: agency.agencyName })} data-testid="reseller-keys">
      <div className="reseller-keys__head">
        <h3 className="reseller-keys__title">{t('keys.title', { name: agency.agencyName })}</h3>
        <Button size="sm" variant="primary" icon="plus" label={t('keys.issue')} onClick={() => setOpen({ kind: 'issue' })} data-testid="key-issue" />
      </div>
      <p className="reseller-keys__intro">{t(agency.isSuspended ? 'keys.introSuspended' : 'keys.intro')}</p>
      {keys.isError ? (
        <FormMessage kind="error">{t('keys.loadFailed')}</FormMessage>
      ) : keys.isPending ? (
        <p role="status">{t('keys.loading')}</p>
      ) : keys.data.length === 0 ? (
        <p className="reseller-keys__empty" data-testid="keys-empty">
          {t('keys.empty')}
        </p>
      ) : (
        <table className="contracts-table reseller-keys__table" aria-label={t('keys.tableLabel', { name: agency.agencyName })} data-testid="keys-table">
          <ColumnHeads
            labels={[t('keys.columns.name'), t('keys.columns.key'), t('keys.columns.issued'), t('keys.columns.lastUsed'), t('keys.columns.status'), t('columns.actions')]}
            classNames={{ 5: 'contracts-table__actions' }}
          />
          <tbody>
            {keys.data.map((k) => (
              <tr key={k.id} className={cx(k.revokedAt && 'contracts-table__row--suspended')} data-testid="key-row" data-key-id={k.id}>
                <th scope="row" className="contracts-table__name" data-testid="key-name">
                  {k.name}
                </th>
                <td>
                  <code data-testid="key-prefix">{maskedKey(k.keyPrefix)}</code>
                </td>
                <td>{keyTimeText(k.issuedAt)}</td>
                <td data-testid="key-last-used">{k.lastUsedAt ? keyTimeText(k.lastUsedAt) : t('keys.neverUsed')}</td>
                <td>
                  <span className={cx('contracts-status', k.revokedAt ? 'contracts-status--suspended' : 'contracts-status--active')} data-testid="key-status">
                    {k.revokedAt ? t('keys.status.revoked', { at: keyTimeText(k.revokedAt) }) : t('keys.status.active')}
                  </span>
                </td>
                <td className="contracts-table__actions">
                  {!k.revokedAt && (
                    <Button size="sm" variant="danger" label={t('keys.revoke')} aria-label={t('keys.revokeOf', { name: k.name })} busy={busyKeyId === k.id} onClick={() => setOpen({ kind: 'revoke', row: k })} data-testid="key-revoke" />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {open?.kind === 'issue' && (
        <IssueKeyDialog
          agency={agency}
          onIssued={(issued) => {
            setOpen({ kind: 'issued', issued });
            refresh({ id: issued.id, revoked: false });
          }}
          onClose={() => setOpen(null)}
        />
      )}
      {open?.kind === 'issued' && <IssuedKeyDialog issued={open.issued} agencyName={agency.agencyName} onClose={() => setOpen(null)} />}
      {open?.kind === 'revoke' && (
        <ConfirmDialog
          title={t('keys.confirmRevoke.title')}
          message={t('keys.confirmRevoke.message', { name: open.row.name, agency: agency.agencyName })}
          confirmLabel={t('keys.confirmRevoke.yes')}
          cancelLabel={t('keys.confirmRevoke.no')}
          danger
          onConfirm={() => void revoke(open.row)}
          onCancel={() => setOpen(null)}
          testId="key-revoke-dialog"
          confirmTestId="key-revoke-yes"
          cancelTestId="key-revoke-no"
        />
      )}
    </section>
  );
}
