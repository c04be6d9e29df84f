import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { Field, FormMessage } from '../../app/forms/field';
import { notify } from '../../app/notifications/notifications';
import { useDocumentTitle } from '../../app/use-document-title';
import { signOut, useAuthUser } from '../../lib/auth-session';
import { changePasswordSchema, useChangePassword, type ChangePasswordForm } from './api/change-password';
import { PageHeader } from '../../ui/common/page-header';

/** /account, 'My Profile': who the user is (from the token) and the change-password form. */
export function ProfilePage() {
  const { t } = useTranslation('account');
  const user = useAuthUser();
  useDocumentTitle(t('title'));
  if (!user) return null;
  const roleNames = user.roles.map((r) => t(`roles.${r}`, { defaultValue: r }));
  return (
    <div className="page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      <div className="profile-grid">
        <section className="card" aria-labelledby="profile-details">
          <h2 className="card__title" id="profile-details">
            {t('details')}
          </h2>
          <dl className="details" data-testid="profile-details">
            <dt>{t('email')}</dt>
            <dd data-testid="profile-email">{user.email}</dd>
            <dt>{t('fullName')}</dt>
            <dd>{user.FullName || <span className="muted">{t('none')}</span>}</dd>
            {/* Agents only: the supplier's staff and the platform's account belong to no agency, and an 'Agency: —' row told them nothing. */}
            {user.AgencyName && (
              <>
                <dt>{t('agency')}</dt>
                <dd>
                  {user.AgencyName}
                  {user.IsAgencyAdmin && <span className="badge badge--accent">{t('agencyAdmin')}</span>}
                </dd>
              </>
            )}
            <dt>{t('roles.label')}</dt>
            <dd>
              <ul className="chips" data-testid="profile-roles">
                {roleNames.length ? roleNames.map((r) => <li key={r} className="chip">{r}</li>) : <li className="muted">{t('none')}</li>}
              </ul>
            </dd>
          </dl>
        </section>
        <ChangePasswordCard />
      </div>
    </div>
  );
}

function ChangePasswordCard() {
  const { t } = useTranslation('account');
  const mutation = useChangePassword();
  const navigate = useNavigate();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset } = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', password: '', passwordRepeat: '' },
  });
  const { errors } = formState;
  const msg = (key?: string) => (key ? t(key) : undefined);

  const onSubmit = (form: ChangePasswordForm) => {
    setServerError(null);
    mutation.mutate(form, {
      onSuccess: () => {
        reset();
        // The API stops accepting tokens issued before a password change, so the next call would answer 401:
        // sign out now, calmly, and let the user sign in with the new password. The note comes after the sign-out,
        // which clears the signed-out user's notifications (app.tsx).
        signOut();
        notify({ title: t('changePassword.doneTitle'), message: t('changePassword.doneMessage'), kind: 'success' });
        navigate('/account/login', { replace: true });
      },
      onError: (err) => setServerError(err.message),
    });
  };

  return (
    <section className="card" aria-labelledby="change-password">
      <h2 className="card__title" id="change-password">
        {t('changePassword.title')}
      </h2>
      <form className="form" noValidate onSubmit={handleSubmit(onSubmit)} data-testid="change-password-form">
        <Field label={t('changePassword.current')} type="password" autoComplete="current-password" required error={msg(errors.currentPassword?.message)} {...register('currentPassword')} />
        <Field label={t('changePassword.new')} type="password" autoComplete="new-password" required error={msg(errors.password?.message)} {...register('password')} />
        <Field label={t('changePassword.repeat')} type="password" autoComplete="new-password" required error={msg(errors.passwordRepeat?.message)} {...register('passwordRepeat')} />
        {serverError && (
          <FormMessage kind="error" testId="change-password-error">
            {serverError}
          </FormMessage>
        )}
        <div className="form__actions">
          <button type="submit" className="btn btn--primary" disabled={mutation.isPending}>
            {mutation.isPending ? t('changePassword.saving') : t('changePassword.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
