import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { recomputeAll } from '@tbo/catalog/src/pricing/price-model.pure';
import { FormMessage } from '../../../app/forms/field';
import { asSentences, notifySaveFailure } from '../../../app/forms/save-error';
import { serverFieldErrors } from '../../../app/forms/server-errors';
import { notify } from '../../../app/notifications/notifications';
import { ACCOUNT_SETTINGS_KEY } from '../../../app/supplier/account-settings';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/common/button';
import { DateInput, Field, NumberBox } from '../../../ui/fields';
import { saveValidPeriod, type SavedValidPeriod } from '../api/save-valid-period';
import { businessDate, draftProblems, sameSettings, toPeriodInput, type PeriodDraft, type PeriodSettings } from './period.logic';
import { PriceGrid } from './price-grid';
import { formatNumber } from '../../../ui/format/number';

/** The settings line above the grid; the conversion type is named in the user's language, never as the API's word. */
function settingsText(t: TFunction<'offer-edit'>, s: PeriodSettings): string {
  const convType = t(s.convType === 'divide' ? 'periods.convTypes.divide' : 'periods.convTypes.multiply');
  const n = (v: number) => formatNumber(v, 4);
  return t(s.convType === 'divide' ? 'periods.settingsDivide' : 'periods.settings', { vat: n(s.vatPercent), rate: n(s.convRate), convType, commission: n(s.defaultCommission) });
}

/**
 * One period being added or edited: its dates, advance payment, the settings it is priced with (with a way to
 * recompute when the account's have changed) and the price grid. Enter saves, Escape closes.
 */
export function PeriodEditor({
  offerId,
  offerVersion,
  draft,
  account,
  onChange,
  onCancel,
  onSaved,
  onReload,
}: {
  offerId: number;
  /** The offer's version the editor holds: sent with the period, a stale one answers 409. */
  offerVersion: number | null;
  draft: PeriodDraft;
  account: PeriodSettings | null;
  onChange: (d: PeriodDraft) => void;
  onCancel: () => void;
  onSaved: (saved: SavedValidPeriod) => void;
  /** Someone else changed the ticket meanwhile: read it again (the period as saved now replaces the draft). */
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation('offer-edit');
  const titleId = useId();
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const [conflict, setConflict] = useState(false);
  const [reloading, setReloading] = useState(false);
  const save = useMutation({ mutationFn: saveValidPeriod });
  const client = useQueryClient();
  const problems = draftProblems(draft);
  const s = draft.settings;
  // A saved period was priced with its own copy; a new one with the settings read when it was opened. Either is
  // out of date once the account's settings differ (a refused save reads them again, below).
  const stale = account !== null && !sameSettings(s, account);

  const setPrices = (prices: PeriodDraft['prices']) => onChange({ ...draft, prices });
  const submit = () => {
    setShown(true);
    setServerErrors([]);
    setConflict(false);
    if (problems.length) return;
    save.mutate(toPeriodInput(draft, offerId, offerVersion), {
      onSuccess: (saved) => {
        notify({ title: t('periods.saved'), message: `${businessDate(saved.periodStart)} – ${businessDate(saved.periodEnd)}`, kind: 'success' });
        onSaved(saved);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.code === 409) {
          setConflict(true);
          return;
        }
        notifySaveFailure(err);
        // Prices the server finds inconsistent may have been made with settings changed since (the Pricing tab):
        // read them again, so the editor offers to recompute.
        if (err instanceof ApiError && err.code === 400) void client.invalidateQueries({ queryKey: ACCOUNT_SETTINGS_KEY });
        const fields = err instanceof ApiError ? serverFieldErrors(err.content) : {};
        const list = Object.values(fields).flat();
        const message = err instanceof Error ? err.message : String(err);
        setServerErrors([message, ...list.filter((m) => !message.includes(m))]);
      },
    });
  };

  return (
    <div
      className="offer-period-editor card"
      role="group"
      aria-labelledby={titleId}
      data-testid="period-editor"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onCancel();
        if (e.key === 'Enter' && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          submit();
        }
      }}
    >
      <h3 className="offer-period-editor__title" id={titleId}>
        {draft.id ? t('periods.editorEdit', { start: draft.start, end: draft.end }) : t('periods.editorNew')}
      </h3>
      <div className="offer-period-editor__fields">
        <DateBox label={t('periods.start')} value={draft.start} onChange={(start) => onChange({ ...draft, start })} error={shown && problems.includes('start') ? t('periods.problems.start') : undefined} testId="period-start" />
        <DateBox
          label={t('periods.end')}
          value={draft.end}
          onChange={(end) => onChange({ ...draft, end })}
          error={shown && problems.includes('end') ? t('periods.problems.end') : shown && problems.includes('order') ? t('periods.problems.order') : undefined}
          testId="period-end"
        />
        <PercentBox label={t('periods.minimumAdvancedPayment')} value={draft.minimumAdvancedPayment} onChange={(v) => onChange({ ...draft, minimumAdvancedPayment: v })} error={shown && problems.includes('advancePayment') ? t('periods.problems.advancePayment') : undefined} />
      </div>
      <p className="offer-period-editor__settings" data-testid="period-settings">
        <span className="offer-muted">{t(draft.id ? 'periods.settingsSource.period' : 'periods.settingsSource.account')}: </span>
        {settingsText(t, s)}
      </p>
      {stale && account && (
        <div className="offer-period-editor__stale" data-testid="period-settings-changed">
          <FormMessage kind="warning">{t(draft.id ? 'periods.settingsChanged' : 'periods.settingsChangedNew', { now: settingsText(t, account) })}</FormMessage>
          <Button label={t('periods.recompute')} onClick={() => onChange({ ...draft, settings: account, prices: recomputeAll(draft.prices, account) })} data-testid="period-recompute" />
        </div>
      )}
      <p className="offer-muted offer-period-editor__hint">{t('periods.hint')}</p>
      <PriceGrid draft={draft} onPrices={setPrices} />
      {conflict && (
        <div className="offer-conflict" role="alert" data-testid="period-conflict">
          <FormMessage kind="warning">{t('conflict')}</FormMessage>
          <Button
            label={t('actions.reload')}
            busy={reloading}
            onClick={() => {
              setReloading(true);
              void onReload().finally(() => {
                setReloading(false);
                setConflict(false);
              });
            }}
            data-testid="period-reload"
          />
        </div>
      )}
      {serverErrors.length > 0 && (
        <FormMessage kind="error" testId="period-errors">
          {asSentences(serverErrors)}
        </FormMessage>
      )}
      <div className="offer-actions">
        <Button label={t('periods.cancel')} onClick={onCancel} disabled={save.isPending} data-testid="period-cancel" />
        <Button variant="primary" label={save.isPending ? t('periods.saving') : t('periods.save')} busy={save.isPending} onClick={submit} data-testid="period-save" />
      </div>
    </div>
  );
}

function DateBox({ label, value, onChange, error, testId }: { label: string; value: string; onChange: (v: string) => void; error?: string; testId: string }) {
  const id = useId();
  return (
    <Field label={label} required htmlFor={id} error={error}>
      <DateInput id={id} value={value} onChange={onChange} invalid={!!error} data-testid={testId} aria-required />
    </Field>
  );
}

function PercentBox({ label, value, onChange, error }: { label: string; value: number | null; onChange: (v: number | null) => void; error?: string }) {
  const id = useId();
  return (
    <Field label={label} htmlFor={id} error={error}>
      <NumberBox id={id} value={value} onChange={onChange} min={0} max={100} decimals={2} invalid={!!error} suffix="%" data-testid="period-advance-payment" />
    </Field>
  );
}
