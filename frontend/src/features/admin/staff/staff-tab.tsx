import './staff.css';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FormMessage } from '../../../app/forms/field';
import { logMeInPath } from '../../../app/log-me-in/log-me-in-path';
import { notify } from '../../../app/notifications/notifications';
import { useAuthUser } from '../../../lib/auth-session';
import { Button } from '../../../ui/common/button';
import { dubaiDateTime } from '../../../ui/format/day-format';
import { listStaff, setStaffActive, STAFF_KEY, type StaffChanged, type StaffMember } from './staff.api';
import { PasswordNotice, StaffDialog, type StaffDialogMode } from './staff-dialog';
import { AdminTabCard } from '../admin-tab-card';

/**
 * The Staff tab of /admin: the supplier's users with their roles and status; add one, change roles, set a password,
 * deactivate (their sessions end at once), reactivate, and log in as one (to see what they see; the account menu
 * offers the way back). The server keeps the last admin and refuses one's own
 * deactivation; its message is shown as it comes.
 */
export function StaffTab() {
  const { t } = useTranslation('staff');
  const { t: tRoles } = useTranslation('account');
  const me = useAuthUser()?.email ?? '';
  const client = useQueryClient();
  const staff = useQuery({ queryKey: STAFF_KEY, queryFn: ({ signal }) => listStaff(signal) });
  const [dialog, setDialog] = useState<StaffDialogMode | null>(null);
  const [shown, setShown] = useState<{ name: string; password: string } | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const reload = (position: string | null) => client.fetchQuery({ queryKey: STAFF_KEY, queryFn: ({ signal }) => listStaff(signal, position), staleTime: 0 });
  const done = async (changed: StaffChanged, name: string, message: string) => {
    setDialog(null);
    if (changed.password) setShown({ name, password: changed.password });
    notify({ title: t('notice.saved'), message, kind: 'success' });
    await reload(changed.position);
  };
  const setActive = async (m: StaffMember, active: boolean) => {
    setBusyId(m.id);
    try {
      const changed = await setStaffActive(m.id, active);
      await done(changed, m.fullName, t(active ? 'reactivated' : 'deactivated', { name: m.fullName }));
    } catch {
      // The shared call has shown why.
    } finally {
      setBusyId(null);
    }
  };

  const addButton = <Button variant="primary" icon="plus" label={t('add.button')} onClick={() => setDialog({ kind: 'add' })} data-testid="staff-add" />;

  return (
    <AdminTabCard tab="staff" name="staff" head={{ className: 'staff__head', extra: addButton }}>
      {staff.isError ? (
        <FormMessage kind="error">{t('loadFailed')}</FormMessage>
      ) : (
        <div className="staff__scroll">
          <table className="staff__table" data-testid="staff-table">
            <thead>
              <tr>
                {(['name', 'email', 'roles', 'status', 'added', 'actions'] as const).map((c) => (
                  <th key={c} scope="col">
                    {t(`columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {(staff.data ?? []).map((m) => (
                <tr key={m.id} className={m.active ? undefined : 'staff__row--inactive'} data-testid="staff-row" data-email={m.email}>
                  <th scope="row">{m.fullName}</th>
                  <td>{m.email}</td>
                  <td data-testid="staff-row-roles">{m.roles.map((r) => tRoles(`roles.${r}`, { defaultValue: r })).join(', ')}</td>
                  <td data-testid="staff-row-status">{m.active ? t('active') : t('inactive')}</td>
                  <td>{dubaiDateTime(m.registeredAt)}</td>
                  <td>
                    <div className="staff__actions">
                      <Button size="sm" label={t('roles.button')} onClick={() => setDialog({ kind: 'roles', member: m })} data-testid="staff-row-roles-edit" />
                      {/* One's own password is changed on the account page, which asks for the current one (the server refuses it here). */}
                      {m.email !== me && <Button size="sm" label={t('password.button')} onClick={() => setDialog({ kind: 'password', member: m })} data-testid="staff-row-password" />}
                      {m.email !== me && m.active && (
                        <Link to={logMeInPath(m.email) ?? '/'} className="tbo-btn tbo-btn--default tbo-btn--sm" aria-label={t('logInAsLabel', { name: m.fullName })} data-testid="staff-row-log-in-as">
                          <span className="tbo-btn__label">{t('logInAs')}</span>
                        </Link>
                      )}
                      {m.email !== me && (
                        <Button
                          size="sm"
                          label={m.active ? t('deactivate') : t('reactivate')}
                          busy={busyId === m.id}
                          disabled={busyId !== null}
                          onClick={() => void setActive(m, !m.active)}
                          data-testid="staff-row-active"
                        />
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {dialog && (
        <StaffDialog
          mode={dialog}
          onClose={() => setDialog(null)}
          onDone={(changed, name) => void done(changed, name, t(`${dialog.kind}.saved`, { name }))}
        />
      )}
      {shown && <PasswordNotice name={shown.name} password={shown.password} onClose={() => setShown(null)} />}
    </AdminTabCard>
  );
}
