import './admin.css';
import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useController, useForm, type Control, type FieldErrors, type FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, useBlocker, useNavigate, useParams } from 'react-router-dom';
import { FormMessage } from '../../app/forms/field';
import { placeServerErrors } from '../../app/forms/server-errors';
import { notify } from '../../app/notifications/notifications';
import { useDocumentTitle } from '../../app/use-document-title';
import { ApiError } from '../../lib/api-client';
import { getSession } from '../../lib/auth-session';
import { CancellationPolicyEditor } from '../../ui/cancellation-policy';
import { Button } from '../../ui/common/button';
import { ConfirmDialog } from '../../ui/common/confirm-dialog';
import { cx } from '../../ui/common/cx';
import { RichTextField, SelectField, TextField } from '../../ui/fields';
import { useBusinessProfile, useCountryOptions, useSaveBusinessProfile, type BusinessProfile } from './api/business-profile';
import {
  ADMIN_TABS,
  asAdminTab,
  buildBusinessProfileSchema,
  CONTACT_SLOTS,
  MAX_LENGTH,
  formPathOfServerField,
  tabOfPath,
  toForm,
  toProfile,
  type AdminTab,
  type BusinessProfileForm,
} from './business-profile.form';

/** Height of the default-settings rich text fields (brief: 250). */
const RICH_TEXT_HEIGHT = 250;

type FormControl = Control<BusinessProfileForm>;

/**
 * /admin/{tab}: the admin settings (spec 02 §2) with vertical tabs core, contacts, contracting, staff and
 * defaultsettings. One form spans the tabs (switching keeps every edit) and one Save sends the whole business
 * profile. Leaving /admin with unsaved changes asks first. An unknown tab goes to /admin/core.
 */
export function AdminSettingsPage() {
  const { tab: rawTab } = useParams();
  const tab = asAdminTab(rawTab);
  if (!tab) return <Navigate to="/admin/core" replace />;
  if (rawTab !== tab) return <Navigate to={`/admin/${tab}`} replace />;
  return <AdminSettings tab={tab} />;
}

function firstErrorPath(errors: FieldErrors, prefix = ''): string | null {
  for (const [k, v] of Object.entries(errors)) {
    if (!v || typeof v !== 'object') continue;
    const path = prefix ? `${prefix}.${k}` : k;
    if ('message' in v && typeof (v as { message?: unknown }).message === 'string') return path;
    const inner = firstErrorPath(v as FieldErrors, path);
    if (inner) return inner;
  }
  return null;
}

function AdminSettings({ tab }: { tab: AdminTab }) {
  const { t } = useTranslation('admin');
  const { t: tShell } = useTranslation('shell');
  useDocumentTitle(`${tShell('pages.adminSettings')} · ${t(`tabs.${tab}`)}`);
  const profile = useBusinessProfile();
  const save = useSaveBusinessProfile();
  const base = useRef<BusinessProfile | null>(null);
  const [conflict, setConflict] = useState(false);
  const [generalErrors, setGeneralErrors] = useState<string[]>([]);
  const navigate = useNavigate();
  const [focusPath, setFocusPath] = useState<string | null>(null);
  /** Opens the tab holding a field with an error and puts the focus on that field. */
  const goToTabOf = (path: string) => {
    const target = tabOfPath(path);
    setFocusPath(path);
    if (target !== tab) navigate(`/admin/${target}`);
  };

  const schema = useMemo(() => buildBusinessProfileSchema((key) => t(key)), [t]);
  const form = useForm<BusinessProfileForm>({ resolver: zodResolver(schema), mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, handleSubmit, reset, setError, formState, getValues, setFocus } = form;
  const { isDirty, errors } = formState;

  useEffect(() => {
    if (!focusPath || tabOfPath(focusPath) !== tab) return;
    setFocusPath(null);
    // After the tab's fields have mounted.
    requestAnimationFrame(() => {
      try {
        setFocus(focusPath as FieldPath<BusinessProfileForm>);
      } catch {
        /* a field without a focusable element (the policy table) */
      }
    });
  }, [focusPath, tab, setFocus]);

  const load = useCallback(
    (p: BusinessProfile) => {
      base.current = p;
      reset(toForm(p));
      setConflict(false);
      setGeneralErrors([]);
    },
    [reset],
  );

  // First load (and a later answer while nothing is edited) fills the form.
  useEffect(() => {
    if (profile.data && (!base.current || !isDirty) && profile.data !== base.current) load(profile.data);
  }, [profile.data, isDirty, load]);

  // Leaving the admin settings with unsaved changes asks first; switching tabs does not (one form for all tabs).
  const blocker = useBlocker(({ currentLocation, nextLocation }) => isDirty && !save.isPending && getSession().user !== null && currentLocation.pathname !== nextLocation.pathname && !/^\/admin(\/|$)/i.test(nextLocation.pathname));
  useEffect(() => {
    if (!isDirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  const reload = async () => {
    const r = await profile.refetch();
    if (r.data) load(r.data);
  };

  const onValid = (values: BusinessProfileForm) => {
    if (!base.current) return;
    setConflict(false);
    setGeneralErrors([]);
    save.mutate(toProfile(values, base.current), {
      onSuccess: (saved) => {
        load(saved);
        notify({ title: t('saved.title'), message: t('saved.message'), type: 3 });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 409) {
          setConflict(true);
          return;
        }
        const { first, general } = placeServerErrors(err, (key) => formPathOfServerField(key, getValues()), setError);
        setGeneralErrors(general);
        if (first) goToTabOf(first);
      },
    });
  };

  const onInvalid = (errs: FieldErrors<BusinessProfileForm>) => {
    const first = firstErrorPath(errs);
    if (first) goToTabOf(first);
  };

  // Enter in a one-line input must not send the whole profile by accident; Save is explicit.
  const onFormKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    const target = e.target as HTMLElement;
    if (e.key === 'Enter' && target instanceof HTMLInputElement) e.preventDefault();
  };

  // Which tabs hold errors (a dot on the tab). Walked on every render: formState.errors changes in place.
  const tabErrors = new Set<AdminTab>();
  const walk = (node: unknown, path: string) => {
    if (!node || typeof node !== 'object') return;
    if ('message' in node && typeof (node as { message?: unknown }).message === 'string') tabErrors.add(tabOfPath(path));
    for (const [k, v] of Object.entries(node)) if (k !== 'ref' && k !== 'message' && k !== 'type') walk(v, path ? `${path}.${k}` : k);
  };
  walk(errors, '');

  const ready = !!base.current && !!profile.data;
  const placeholderTab = tab === 'contracting' || tab === 'staff';

  return (
    <div className="page admin-page" data-testid="admin-settings">
      <div className="page-header">
        <h1 className="page-title" data-testid="page-title">
          {tShell('pages.adminSettings')}
        </h1>
        <p className="page-subtitle">{t('subtitle')}</p>
      </div>
      <div className="admin-layout">
        <nav className="admin-tabs" aria-label={t('tabsLabel')}>
          <ul>
            {ADMIN_TABS.map((key) => (
              <li key={key}>
                <NavLink to={`/admin/${key}`} className={({ isActive }) => cx('admin-tabs__link', isActive && 'admin-tabs__link--active')} data-testid={`admin-tab-${key}`}>
                  <span>{t(`tabs.${key}`)}</span>
                  {tabErrors.has(key) && (
                    <span className="admin-tabs__error" title={t('tabHasErrors')}>
                      <span className="tbo-sr-only">({t('tabHasErrors')})</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="admin-content">
          {profile.isError && !ready ? (
            <div className="card admin-card" data-testid="admin-load-error">
              <FormMessage kind="error">{t('loadFailed', { message: profile.error instanceof Error ? profile.error.message : '' })}</FormMessage>
              <div>
                <Button onClick={() => void profile.refetch()} label={t('retry')} />
              </div>
            </div>
          ) : !ready ? (
            <div className="card admin-card admin-loading" role="status" data-testid="admin-loading">
              <span className="tbo-spinner" aria-hidden="true" />
              <span>{t('loading')}</span>
            </div>
          ) : (
            <form className="card admin-card" noValidate onSubmit={handleSubmit(onValid, onInvalid)} onKeyDown={onFormKeyDown} data-testid="admin-form" aria-labelledby="admin-tab-title">
              <h2 className="admin-card__title" id="admin-tab-title">
                {t(`tabs.${tab}`)}
              </h2>
              {conflict && (
                <div className="admin-conflict" role="alert" data-testid="admin-conflict">
                  <FormMessage kind="warning">{t('conflict')}</FormMessage>
                  <Button onClick={() => void reload()} label={t('reload')} data-testid="admin-reload" />
                </div>
              )}
              {generalErrors.length > 0 && (
                <FormMessage kind="error" testId="admin-save-error">
                  {generalErrors.join(' ')}
                </FormMessage>
              )}
              {tab === 'core' && <CoreTab control={control} />}
              {tab === 'contacts' && <ContactsTab control={control} />}
              {tab === 'defaultsettings' && <DefaultSettingsTab control={control} />}
              {placeholderTab && (
                <p className="admin-placeholder" data-testid="admin-placeholder">
                  {t(`placeholders.${tab}`)}
                </p>
              )}
              {(!placeholderTab || isDirty) && (
                <div className="admin-actions">
                  {isDirty && <span className="admin-actions__dirty">{t('unsaved')}</span>}
                  <Button variant="default" label={t('discard')} disabled={!isDirty || save.isPending} onClick={() => base.current && load(base.current)} data-testid="admin-discard" />
                  <Button type="submit" variant="primary" label={save.isPending ? t('saving') : t('save')} busy={save.isPending} data-testid="admin-save" />
                </div>
              )}
            </form>
          )}
        </div>
      </div>
      {blocker.state === 'blocked' && (
        <ConfirmDialog
          title={t('leave.title')}
          message={t('leave.message')}
          confirmLabel={t('leave.leave')}
          cancelLabel={t('leave.stay')}
          danger
          cancelVariant="primary"
          onConfirm={() => blocker.proceed()}
          onCancel={() => blocker.reset()}
          testId="admin-leave-dialog"
          confirmTestId="admin-leave"
          cancelTestId="admin-stay"
        />
      )}
    </div>
  );
}

function CoreTab({ control }: { control: FormControl }) {
  const { t } = useTranslation('admin');
  const countries = useCountryOptions();
  const options = useMemo(() => (countries.data ?? []).map((o) => ({ value: o.value, label: o.label })), [countries.data]);
  return (
    <div className="admin-sections">
      <section className="admin-section" aria-labelledby="admin-business">
        <h3 className="admin-section__title" id="admin-business">
          {t('core.business')}
        </h3>
        <div className="admin-grid">
          <TextField control={control} name="code" label={t('core.code')} maxLength={MAX_LENGTH.code} required autoComplete="off" />
          <TextField control={control} name="name" label={t('core.name')} maxLength={MAX_LENGTH.name} required autoComplete="organization" />
          <TextField control={control} name="taxRegistrationNumber" label={t('core.taxRegistrationNumber')} maxLength={MAX_LENGTH.taxRegistrationNumber} autoComplete="off" />
          <TextField control={control} name="tradeLicenseNumber" label={t('core.tradeLicenseNumber')} maxLength={MAX_LENGTH.tradeLicenseNumber} autoComplete="off" />
          <SelectField control={control} name="countryId" label={t('core.country')} options={options} placeholder={countries.isPending ? t('loadingOptions') : t('core.countryPlaceholder')} />
          <TextField control={control} name="address" label={t('core.address')} maxLength={MAX_LENGTH.address} autoComplete="street-address" className="admin-grid__wide admin-grid__address" />
        </div>
      </section>
      <section className="admin-section" aria-labelledby="admin-payment">
        <h3 className="admin-section__title" id="admin-payment">
          {t('core.paymentDetails')}
        </h3>
        <div className="admin-grid">
          <TextField control={control} name="paymentDetails.accountNumber" label={t('core.accountNumber')} maxLength={MAX_LENGTH.accountNumber} autoComplete="off" />
          <TextField control={control} name="paymentDetails.ibanNumber" label={t('core.ibanNumber')} maxLength={MAX_LENGTH.ibanNumber} autoComplete="off" />
          <TextField control={control} name="paymentDetails.swiftCode" label={t('core.swiftCode')} maxLength={MAX_LENGTH.swiftCode} autoComplete="off" />
          <TextField control={control} name="paymentDetails.bankName" label={t('core.bankName')} maxLength={MAX_LENGTH.bankName} autoComplete="off" />
          <TextField control={control} name="paymentDetails.bankBranchAddress" label={t('core.bankBranchAddress')} maxLength={MAX_LENGTH.bankBranchAddress} autoComplete="off" className="admin-grid__wide admin-grid__branch" />
        </div>
      </section>
    </div>
  );
}

function ContactsTab({ control }: { control: FormControl }) {
  const { t } = useTranslation('admin');
  const groups = [
    { key: 'customerSupport', withName: true },
    { key: 'operationsSupport', withName: false },
    { key: 'accountsDepartment', withName: false },
  ] as const;
  return (
    <div className="admin-sections">
      {groups.map((g) => (
        <section key={g.key} className="admin-section" aria-labelledby={`admin-${g.key}`} data-testid={`contacts-${g.key}`}>
          <h3 className="admin-section__title" id={`admin-${g.key}`}>
            {t(`contacts.${g.key}`)}
          </h3>
          <div className="admin-contacts">
            {CONTACT_SLOTS.map((slot) => (
              <fieldset key={slot} className="admin-contact" data-testid={`${g.key}-${slot}`}>
                <legend className="admin-contact__legend">{t(`contacts.${slot}`)}</legend>
                {g.withName && <TextField control={control} name={`${g.key}.${slot}.name` as FieldPath<BusinessProfileForm>} label={t('contacts.name')} maxLength={MAX_LENGTH.contactName} autoComplete="off" />}
                <TextField control={control} name={`${g.key}.${slot}.phone` as FieldPath<BusinessProfileForm>} label={t('contacts.phone')} maxLength={MAX_LENGTH.phone} type="tel" autoComplete="off" />
                <TextField control={control} name={`${g.key}.${slot}.email` as FieldPath<BusinessProfileForm>} label={t('contacts.email')} maxLength={MAX_LENGTH.email} type="email" autoComplete="off" />
              </fieldset>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

function DefaultSettingsTab({ control }: { control: FormControl }) {
  const { t } = useTranslation('admin');
  const { field, fieldState } = useController({ control, name: 'cancellationPolicy' });
  return (
    <div className="admin-sections">
      <section className="admin-section" aria-labelledby="admin-texts">
        <h3 className="admin-section__title" id="admin-texts">
          {t('defaults.texts')}
        </h3>
        <div className="admin-richtexts">
          <RichTextField control={control} name="defaultSettings.termsAndConditions" label={t('defaults.termsAndConditions')} height={RICH_TEXT_HEIGHT} />
          <RichTextField control={control} name="defaultSettings.faq" label={t('defaults.faq')} height={RICH_TEXT_HEIGHT} />
          <RichTextField control={control} name="defaultSettings.notesToClientPostBooking" label={t('defaults.notesToClientPostBooking')} height={RICH_TEXT_HEIGHT} />
        </div>
      </section>
      <section className="admin-section admin-section--policy" aria-labelledby="admin-policy">
        <h3 className="admin-section__title" id="admin-policy">
          {t('defaults.cancellationPolicy')}
        </h3>
        <p className="admin-section__hint">{t('defaults.cancellationPolicyHint')}</p>
        <CancellationPolicyEditor value={field.value ?? []} onChange={(rows) => field.onChange(rows)} ariaLabelledBy="admin-policy" testId="default-cancellation-policy" />
        {fieldState.error?.message && (
          <FormMessage kind="error" testId="cancellation-policy-error">
            {fieldState.error.message}
          </FormMessage>
        )}
      </section>
    </div>
  );
}
