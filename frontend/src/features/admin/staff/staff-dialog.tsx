import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../app/forms/field';
import { EMAIL_SHAPE } from '../../../app/forms/email-shape';
import { asSentences, refusalText } from '../../../app/forms/save-error';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/common/button';
import { Modal } from '../../../ui/common/modal';
import { PASSWORD_MIN_LENGTH } from '../contracting/contract-form';
import { addStaff, setStaffPassword, setStaffRoles, STAFF_ROLES, type StaffChanged, type StaffMember } from './staff.api';

export type StaffDialogMode = { kind: 'add' } | { kind: 'roles'; member: StaffMember } | { kind: 'password'; member: StaffMember };

interface StaffDialogProps {
  mode: StaffDialogMode;
  /** With the member's name (the added one's as typed). */
  onDone: (changed: StaffChanged, name: string) => void;
  onClose: () => void;
}

/**
 * Add a staff member (email, name, roles, and a first password typed or left for the server to make), change a
 * member's roles, or set a member's password. The server's message (the password rules, the last admin) shows
 * in the dialog as it comes.
 */
export function StaffDialog({ mode, onDone, onClose }: StaffDialogProps) {
  const { t } = useTranslation('staff');
  const { t: tRoles } = useTranslation('account');
  const id = useId();
  const [email, setEmail] = useState('');
  const [fullName, setFullName] = useState('');
  const [roles, setRoles] = useState<string[]>(mode.kind === 'roles' ? mode.member.roles : []);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const toggle = (role: string) => setRoles((now) => (now.includes(role) ? now.filter((r) => r !== role) : [...now, role]));
  const send = (): Promise<StaffChanged> => {
    if (mode.kind === 'add') return addStaff({ email, fullName, roles, ...(password ? { password } : {}) });
    if (mode.kind === 'roles') return setStaffRoles(mode.member.id, roles);
    return setStaffPassword(mode.member.id, password || undefined);
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Every problem at once, before the server is asked (it would name them one call at a time).
    const problems = [
      ...(mode.kind === 'add' && !email.trim() ? [t('errors.email')] : []),
      ...(mode.kind === 'add' && email.trim() && !EMAIL_SHAPE.test(email.trim()) ? [t('errors.emailInvalid')] : []),
      ...(mode.kind === 'add' && !fullName.trim() ? [t('errors.fullName')] : []),
      ...(mode.kind !== 'password' && roles.length === 0 ? [t('errors.noRole')] : []),
      ...(mode.kind !== 'roles' && password && password.length < PASSWORD_MIN_LENGTH ? [t('errors.passwordShort', { min: PASSWORD_MIN_LENGTH })] : []),
    ];
    if (problems.length) return setError(asSentences(problems));
    setBusy(true);
    setError(null);
    try {
      onDone(await send(), mode.kind === 'add' ? fullName.trim() : mode.member.fullName);
    } catch (err) {
      setError(err instanceof ApiError ? refusalText(err) : t('errors.failed'));
    } finally {
      setBusy(false);
    }
  };
  const title = mode.kind === 'add' ? t('add.title') : t(`${mode.kind}.title`, { name: mode.member.fullName });

  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="tbo-dialog card staff-dialog" backdropClassName="tbo-dialog-backdrop" testId={`staff-${mode.kind}-dialog`}>
      <form onSubmit={(e) => void submit(e)} noValidate className="staff-dialog__form">
        <h2 className="tbo-dialog__title" id={`${id}-title`}>
          {title}
        </h2>
        {error && (
          <FormMessage kind="error" testId="staff-dialog-error">
            {error}
          </FormMessage>
        )}
        {mode.kind === 'add' && (
          <>
            <label className="staff-dialog__field">
              <span>{t('fields.email')}</span>
              <input type="email" required maxLength={254} autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} data-testid="staff-email" />
            </label>
            <label className="staff-dialog__field">
              <span>{t('fields.fullName')}</span>
              <input required maxLength={200} autoComplete="off" value={fullName} onChange={(e) => setFullName(e.target.value)} data-testid="staff-full-name" />
            </label>
          </>
        )}
        {mode.kind !== 'password' && (
          <fieldset className="staff-dialog__roles" data-testid="staff-roles">
            <legend>{t('fields.roles')}</legend>
            {STAFF_ROLES.map((role) => (
              <label key={role} className="staff-dialog__role">
                <input type="checkbox" checked={roles.includes(role)} onChange={() => toggle(role)} data-testid={`staff-role-${role}`} />
                <span>{tRoles(`roles.${role}`)}</span>
              </label>
            ))}
          </fieldset>
        )}
        {mode.kind !== 'roles' && (
          <label className="staff-dialog__field">
            <span>{mode.kind === 'add' ? t('fields.firstPassword') : t('fields.newPassword')}</span>
            <input type="password" autoComplete="new-password" maxLength={128} value={password} onChange={(e) => setPassword(e.target.value)} data-testid="staff-password" />
            <small className="staff-dialog__hint">{t('fields.passwordHint')}</small>
          </label>
        )}
        <div className="tbo-dialog__actions">
          <Button type="submit" variant="primary" label={busy ? t('saving') : t('save')} busy={busy} data-testid="staff-dialog-save" />
          <Button label={t('cancel')} onClick={onClose} data-testid="staff-dialog-cancel" />
        </div>
      </form>
    </Modal>
  );
}

/** The password the server made, shown once: the admin passes it on; it is not shown again. */
export function PasswordNotice({ name, password, onClose }: { name: string; password: string; onClose: () => void }) {
  const { t } = useTranslation('staff');
  const id = useId();
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="tbo-dialog card staff-dialog" backdropClassName="tbo-dialog-backdrop" testId="staff-password-notice">
      <h2 className="tbo-dialog__title" id={`${id}-title`}>
        {t('notice.title', { name })}
      </h2>
      <p>{t('notice.text')}</p>
      <p className="staff-dialog__password">
        <code data-testid="staff-generated-password">{password}</code>
      </p>
      <div className="tbo-dialog__actions">
        <Button variant="primary" label={t('notice.done')} onClick={onClose} data-testid="staff-notice-done" />
      </div>
    </Modal>
  );
}
