import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormMessage, Field } from '../../app/forms/field';
import { useDocumentTitle } from '../../app/use-document-title';
import { ApiError, UNAUTHORIZED } from '../../lib/api-client';
import { clearSessionMessage, SESSION_EXPIRED, signInWithToken, useSession } from '../../lib/auth-session';
import { OWN_SESSION_ENDED } from '../../lib/auth-session-return';
import { landingPath } from '../../lib/landing';
import { signInRequest } from './api/sign-in';
import { signInSchema, WRONG_CREDENTIALS, type SignInForm } from './sign-in.schema';

/**
 * /account/login (spec 01 §2, §4; spec 02 §2, §5). A signed-in visitor goes to /. Success stores the token and
 * goes to the landing page for the user's roles (or the return URL).
 */
export function SignInPage() {
  const { t } = useTranslation('auth');
  const { user, message } = useSession();
  const [params] = useSearchParams();
  const returnUrl = params.get('returnUrl') ?? '';
  const [serverError, setServerError] = useState<string | null>(null);
  // Where to go after our own sign-in (a visitor who was already signed in goes to /).
  const landing = useRef<string | null>(null);
  useDocumentTitle(t('signIn.title'));

  const { register, handleSubmit, formState } = useForm<SignInForm>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors, isSubmitting } = formState;

  if (user) return <Navigate to={landing.current ?? '/'} replace />;

  const onSubmit = async (form: SignInForm) => {
    setServerError(null);
    try {
      const answer = await signInRequest({ email: form.email.trim(), password: form.password, returnUrl });
      const signedIn = signInWithToken(answer?.token ?? '');
      landing.current = landingPath(signedIn.roles, returnUrl);
    } catch (err) {
      clearSessionMessage();
      setServerError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    }
  };

  const serverText = serverError === WRONG_CREDENTIALS ? t('signIn.wrongCredentials') : serverError;
  const sessionText = message === UNAUTHORIZED ? t('signIn.unauthorized') : message === SESSION_EXPIRED ? t('signIn.sessionExpired') : message === OWN_SESSION_ENDED ? t('signIn.ownSessionEnded') : message;

  return (
    <div className="auth-page">
      <div className="card auth-card">
        <div className="auth-card__head">
          <h1 className="page-title">{t('signIn.title')}</h1>
          <p className="page-subtitle">{t('signIn.subtitle')}</p>
        </div>
        <form className="form" noValidate onSubmit={handleSubmit(onSubmit)} aria-busy={isSubmitting} data-testid="sign-in-form">
          {sessionText && !serverText && (
            <FormMessage kind="warning" testId="session-message">
              {sessionText}
            </FormMessage>
          )}
          <Field
            label={t('signIn.email')}
            type="email"
            autoComplete="username"
            autoFocus
            required
            error={errors.email?.message ? t(errors.email.message) : undefined}
            {...register('email')}
          />
          <Field
            label={t('signIn.password')}
            type="password"
            autoComplete="current-password"
            required
            error={errors.password?.message ? t(errors.password.message) : undefined}
            {...register('password')}
          />
          <div className="auth-card__row">
            <Link to="/account/resetpassword" className="link">
              {t('signIn.resetPassword')}
            </Link>
          </div>
          {serverText && (
            <FormMessage kind="error" testId="sign-in-error">
              {serverText}
            </FormMessage>
          )}
          <button type="submit" className="btn btn--primary btn--block" disabled={isSubmitting}>
            {isSubmitting ? t('signIn.submitting') : t('signIn.submit')}
          </button>
        </form>
      </div>
    </div>
  );
}
