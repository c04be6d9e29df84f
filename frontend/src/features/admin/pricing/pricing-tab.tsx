import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../app/forms/field';
import { refusalText } from '../../../app/forms/save-error';
import { notify } from '../../../app/notifications/notifications';
import { ACCOUNT_SETTINGS_KEY, getAccountSettings, saveAccountSettings, type VersionedAccountSettings } from '../../../app/supplier/account-settings';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/common/button';
import { NumberField, SelectField } from '../../../ui/fields';
import { formatAedAmount, formatUsdAmount } from '../../../ui/format/number';
import { AdminTabCard } from '../admin-tab-card';
import './pricing.css';
import { EXAMPLE_USD, exampleOf, PRICING_LIMITS, pricingFormOf, pricingSchema, settingsOf, type PricingForm } from './pricing-form';

/**
 * The Pricing tab of /admin: the VAT, the default commission and the USD/AED conversion new valid periods are priced
 * with (PUT /api/account/settings). Prices already saved keep the values they were saved with. A save over a newer
 * one is a 409: the tab says so and offers to reload. Leaving with unsaved values asks first (the page's guard).
 */
export function PricingTab({ onDirtyChange }: { onDirtyChange: (dirty: boolean) => void }) {
  const { t } = useTranslation('admin');
  const client = useQueryClient();
  const settings = useQuery({ queryKey: [...ACCOUNT_SETTINGS_KEY, 'admin'], queryFn: getAccountSettings, staleTime: 0 });
  const form = useForm<PricingForm>({ resolver: zodResolver(pricingSchema((key) => t(`pricing.errors.${key}`))), defaultValues: { vat: null, defaultCommission: null, convRate: null, convType: 'multiply' } });
  const [read, setRead] = useState<VersionedAccountSettings | null>(null);
  const [conflict, setConflict] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { control, formState, reset, handleSubmit } = form;
  const values = useWatch({ control }) as PricingForm;
  // The page guards a move away while this form holds unsaved values (and forgets them once the tab is gone).
  useEffect(() => onDirtyChange(formState.isDirty), [formState.isDirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);

  const take = (s: VersionedAccountSettings) => {
    setRead(s);
    reset(pricingFormOf(s));
  };
  // The first answer fills the form; later refetches do not overwrite what the admin is typing.
  useEffect(() => {
    if (settings.data && !read) take(settings.data);
  }, [settings.data]);

  // The Reload button is gone with the conflict (Discard with the changes): the keyboard goes on from the first field,
  // not the page's top. Focused once React has committed the reset, so no later render can take the focus back.
  const [focusFirst, setFocusFirst] = useState(0);
  const { setFocus } = form;
  useEffect(() => {
    if (focusFirst) setFocus('vat');
  }, [focusFirst, setFocus]);
  const reload = async () => {
    const fresh = await settings.refetch();
    if (fresh.data) take(fresh.data);
    setConflict(false);
    setError(null);
    setFocusFirst((n) => n + 1);
  };
  const discard = () => {
    reset();
    setFocusFirst((n) => n + 1);
  };

  const submit = handleSubmit(async (f) => {
    if (!read) return;
    setConflict(false);
    setError(null);
    try {
      const saved = await saveAccountSettings({ ...settingsOf(read, f), version: read.version });
      take(saved);
      notify({ title: t('pricing.savedTitle'), message: t('pricing.saved'), kind: 'success' });
      void client.invalidateQueries({ queryKey: ACCOUNT_SETTINGS_KEY });
    } catch (err) {
      if (err instanceof ApiError && err.code === 409) setConflict(true);
      else setError(err instanceof ApiError ? refusalText(err) : t('pricing.failed'));
    }
  });

  const example = exampleOf(values);
  const rateTypes = [
    { value: 'multiply' as const, label: t('pricing.multiply') },
    { value: 'divide' as const, label: t('pricing.divide') },
  ];
  return (
    <AdminTabCard tab="pricing" name="admin-pricing">
      <p className="admin-section__hint">{t('pricing.intro')}</p>
      {settings.isError && !read ? (
        <div>
          <FormMessage kind="error">{t('pricing.loadFailed')}</FormMessage>
          <Button onClick={() => void settings.refetch()} label={t('retry')} />
        </div>
      ) : !read ? (
        <div className="admin-loading" role="status">
          <span className="tbo-spinner" aria-hidden="true" />
          <span>{t('loadingOptions')}</span>
        </div>
      ) : (
        <form className="admin-pricing__form" noValidate onSubmit={(e) => void submit(e)} data-testid="pricing-form">
          {conflict && (
            <div className="admin-conflict" role="alert" data-testid="pricing-conflict">
              <FormMessage kind="warning">{t('pricing.conflict')}</FormMessage>
              <Button onClick={() => void reload()} label={t('reload')} data-testid="pricing-reload" />
            </div>
          )}
          {error && (
            <FormMessage kind="error" testId="pricing-error">
              {error}
            </FormMessage>
          )}
          <div className="admin-pricing__fields">
            <NumberField control={control} name="vat" label={t('pricing.vat')} required min={0} max={PRICING_LIMITS.percentMax} decimals={2} suffix="%" />
            <NumberField control={control} name="defaultCommission" label={t('pricing.commission')} hint={t('pricing.commissionHint')} required min={0} max={PRICING_LIMITS.percentMax} decimals={2} suffix="%" />
            <SelectField control={control} name="convType" label={t('pricing.convType')} options={rateTypes} />
            <NumberField control={control} name="convRate" label={t('pricing.convRate')} required min={0} max={PRICING_LIMITS.convRateMax} decimals={6} hint={example === null ? undefined : t('pricing.example', { usd: formatUsdAmount(EXAMPLE_USD), aed: formatAedAmount(example) })} />
          </div>
          <p className="admin-section__hint">{t('pricing.keptNote')}</p>
          <div className="admin-actions">
            {formState.isDirty && <span className="admin-actions__dirty">{t('unsaved')}</span>}
            <Button label={t('discard')} disabled={!formState.isDirty || formState.isSubmitting} onClick={discard} data-testid="pricing-discard" />
            <Button type="submit" variant="primary" label={formState.isSubmitting ? t('saving') : t('save')} busy={formState.isSubmitting} data-testid="pricing-save" />
          </div>
        </form>
      )}
    </AdminTabCard>
  );
}
