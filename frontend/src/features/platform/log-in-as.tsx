import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Field } from '../../app/forms/field';
import { Button } from '../../ui/common/button';
import { TitledSection } from '../../ui/common/titled-section';
import { logMeInPath } from '../../app/log-me-in/log-me-in-path';

/**
 * Log in as a user: the email goes to the log-me-in page (/auth/logmein/{email}/), which asks the API for that
 * user's token, signs in with it and says why when the server refuses.
 */
export function LogInAs() {
  const { t } = useTranslation('platform');
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [invalid, setInvalid] = useState(false);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const to = logMeInPath(email);
    setInvalid(to === null);
    if (to) void navigate(to);
  };

  return (
    <TitledSection className="card platform__card" headingId="platform-login-as-title" title={t('logIn.title')} titleClassName="card__title" data-testid="log-in-as">
      <p className="platform__hint">{t('logIn.hint')}</p>
      <form className="platform__login-form" onSubmit={submit} noValidate>
        <Field
          label={t('logIn.email')}
          name="logInAsEmail"
          type="email"
          autoComplete="off"
          required
          value={email}
          error={invalid ? t('logIn.invalid') : undefined}
          onChange={(e) => {
            setEmail(e.target.value);
            setInvalid(false);
          }}
          data-testid="log-in-as-email"
        />
        <Button type="submit" variant="primary" label={t('logIn.submit')} data-testid="log-in-as-submit" />
      </form>
    </TitledSection>
  );
}
