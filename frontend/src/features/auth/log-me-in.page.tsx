import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../app/forms/field';
import { useDocumentTitle } from '../../app/use-document-title';
import { logInAs, rememberedPath } from '../../lib/auth-session-return';
import { safeReturnUrl } from '../../lib/landing';
import { logMeInPath } from '../../app/log-me-in/log-me-in-path';
import { logMeInRequest } from './api/sign-in';

/**
 * /auth/logmein/{email}/ (admin only, spec 01 §2, §4): signs in as that user with a token from the API, stored as
 * sign-in stores it, and goes to / once the signed-in user is the one asked for. The admin's own session is kept
 * for the way back (the account menu's 'Back to …'), with the page they came from (lib/auth-session-return.ts).
 */
export function LogMeInPage() {
  const { t } = useTranslation('auth');
  const { email = '' } = useParams();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const started = useRef<string | null>(null);
  useDocumentTitle(t('logMeIn.title'));

  useEffect(() => {
    if (started.current === email) return; // StrictMode runs effects twice in development
    started.current = email;
    // A typed address that is no email (blank, a slip) is said here, as the forms that lead here say it.
    if (logMeInPath(email) === null) {
      setError(email.trim() ? t('logMeIn.notEmail', { email: email.trim() }) : t('logMeIn.noEmail'));
      return;
    }
    logMeInRequest(email)
      .then((answer) => {
        const user = logInAs(answer?.token ?? '', rememberedPath() ?? referrerPath());
        if (user.email.toLowerCase() === email.toLowerCase()) navigate('/', { replace: true });
        else setError(t('logMeIn.mismatch', { email, got: user.email }));
      })
      .catch((err: Error) => setError(err.message));
  }, [email, navigate, t]);

  return (
    <div className="page page--narrow">
      <div className="card message-card" data-testid="log-me-in">
        <h1 className="page-title">{t('logMeIn.title')}</h1>
        {error ? (
          <>
            <FormMessage kind="error">{error}</FormMessage>
            <div className="message-card__actions">
              {cameFromThisApp() && (
                <button type="button" className="btn btn--primary" onClick={() => void navigate(-1)} data-testid="log-me-in-back">
                  {t('logMeIn.back')}
                </button>
              )}
              <Link to="/" className="btn btn--secondary">
                {t('logMeIn.home')}
              </Link>
            </div>
          </>
        ) : (
          <p className="message-card__text">{t('logMeIn.working', { email })}</p>
        )}
      </div>
    </div>
  );
}

/**
 * Whether the page before this one is one of ours (react-router counts its entries in history.state.idx), so a
 * refused email can be corrected where it was typed (the platform page, the staff list) rather than from home.
 */
function cameFromThisApp(): boolean {
  const state = window.history.state as { idx?: number } | null;
  return (state?.idx ?? 0) > 0;
}

/** The page of this site that opened this one by a full load (a link followed, not a typed address), if any. */
function referrerPath(): string | null {
  try {
    const url = new URL(document.referrer);
    return url.origin === window.location.origin && !url.pathname.startsWith('/auth/') ? safeReturnUrl(`${url.pathname}${url.search}`) : null;
  } catch {
    return null;
  }
}
