import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { editCommission, editNet, editRecommended, PRICE_KINDS, recomputeAll, type PriceKind, type PriceVariant } from '@tbo/catalog/src/pricing/price-model.pure';
import { FormMessage } from '../../../app/forms/field';
import { notify } from '../../../app/notifications/notifications';
import { ApiError } from '../../../lib/api-client';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import { DateInput, Field, NumberInput } from '../../../ui/fields';
import { applyBoundedNumberInput, parseNumberText } from '../../../ui/format/number';
import { saveValidPeriod } from '../api/offers.api';
import type { SavedValidPeriod, ValidPeriod } from '../api/offer.types';
import { serverFieldErrors } from '../../../app/forms/server-errors';
import { businessDate, draftOf, draftProblems, GRID_VARIANTS, money, newDraft, priceText, sameSettings, toPeriodInput, type PeriodDraft, type PeriodSettings } from './period.logic';

export interface ValidPeriodsProps {
  offerId: number;
  periods: readonly ValidPeriod[];
  /** The account's current settings (null while loading). */
  account: PeriodSettings | null;
  /** The offer's own advance payment: a new period starts with it. */
  offerAdvancePayment: number;
  onSaved: (saved: SavedValidPeriod) => void;
}

/**
 * The offer's valid periods (spec 01 §2 second editor, §3 Valid period, §4 Price model): the list with Add and
 * Edit, and the editor below it. Saving posts the period; the answer replaces it in the offer (onSaved).
 */
export function ValidPeriods({ offerId, periods, account, offerAdvancePayment, onSaved }: ValidPeriodsProps) {
  const { t } = useTranslation('offer-edit');
  const [draft, setDraft] = useState<PeriodDraft | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const open = (d: PeriodDraft) => {
    setDraft(d);
    requestAnimationFrame(() => editorRef.current?.querySelector<HTMLInputElement>('input')?.focus());
  };
  const sorted = [...periods].sort((a, b) => a.periodStart.localeCompare(b.periodStart) || a.id - b.id);
  return (
    <section className="offer-section" aria-labelledby="offer-periods-title" data-testid="valid-periods">
      <div className="offer-section__head">
        <h2 className="offer-section__title" id="offer-periods-title">
          {t('periods.title')}
        </h2>
        <Button icon="plus" label={t('periods.add')} variant="primary" disabled={!account || (draft !== null && draft.id === 0)} busy={!account} onClick={() => account && open(newDraft(new Date(), account, offerAdvancePayment))} data-testid="period-add" />
      </div>
      {sorted.length === 0 ? (
        <p className="offer-muted" data-testid="periods-empty">
          {t('periods.none')}
        </p>
      ) : (
        <table className="offer-table" data-testid="periods-table">
          <thead>
            <tr>
              <th scope="col">{t('periods.start')}</th>
              <th scope="col">{t('periods.end')}</th>
              <th scope="col" className="offer-table__num">
                {t('periods.recUsd', { kind: t('periods.adult') })}
              </th>
              <th scope="col" className="offer-table__num">
                {t('periods.recUsd', { kind: t('periods.child') })}
              </th>
              <th scope="col" className="offer-table__num">
                {t('periods.recUsd', { kind: t('periods.trip') })}
              </th>
              <th scope="col">
                <span className="tbo-sr-only">{t('periods.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((p) => {
              const start = businessDate(p.periodStart);
              const end = businessDate(p.periodEnd);
              return (
                <tr key={p.id} data-testid="period-row" data-period-id={p.id} className={cx(draft?.id === p.id && 'offer-table__row--active')}>
                  <td>{start}</td>
                  <td>{end}</td>
                  <td className="offer-table__num">{money(p.pricePerAdultRecUsd)}</td>
                  <td className="offer-table__num">{money(p.pricePerChildRecUsd)}</td>
                  <td className="offer-table__num">{money(p.pricePerTripRecUsd)}</td>
                  <td className="offer-table__actions">
                    <Button size="sm" icon="pencil" label={t('periods.edit')} aria-label={t('periods.editLabel', { start, end })} onClick={() => open(draftOf(p))} data-testid="period-edit" />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {draft && (
        <div ref={editorRef}>
          <PeriodEditor
            key={draft.id}
            offerId={offerId}
            draft={draft}
            account={account}
            onChange={setDraft}
            onCancel={() => setDraft(null)}
            onSaved={(saved) => {
              setDraft(null);
              onSaved(saved);
            }}
          />
        </div>
      )}
    </section>
  );
}

function settingsText(t: TFunction<'offer-edit'>, s: PeriodSettings): string {
  return t(s.convType === 'divide' ? 'periods.settingsDivide' : 'periods.settings', { vat: s.vatPercent, rate: s.convRate, convType: s.convType, commission: s.defaultCommission });
}

function PeriodEditor({ offerId, draft, account, onChange, onCancel, onSaved }: { offerId: number; draft: PeriodDraft; account: PeriodSettings | null; onChange: (d: PeriodDraft) => void; onCancel: () => void; onSaved: (saved: SavedValidPeriod) => void }) {
  const { t } = useTranslation('offer-edit');
  const titleId = useId();
  const [shown, setShown] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const save = useMutation({ mutationFn: saveValidPeriod });
  const problems = draftProblems(draft);
  const s = draft.settings;
  const stale = draft.id > 0 && account !== null && !sameSettings(s, account);

  const setPrices = (prices: PeriodDraft['prices']) => onChange({ ...draft, prices });
  const submit = () => {
    setShown(true);
    setServerErrors([]);
    if (problems.length) return;
    save.mutate(toPeriodInput(draft, offerId), {
      onSuccess: (saved) => {
        notify({ title: t('periods.saved'), message: `${businessDate(saved.periodStart)} – ${businessDate(saved.periodEnd)}`, type: 3 });
        onSaved(saved);
      },
      onError: (err) => {
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
          <FormMessage kind="warning">{t('periods.settingsChanged', { now: settingsText(t, account) })}</FormMessage>
          <Button label={t('periods.recompute')} onClick={() => onChange({ ...draft, settings: account, prices: recomputeAll(draft.prices, account) })} data-testid="period-recompute" />
        </div>
      )}
      <p className="offer-muted offer-period-editor__hint">{t('periods.hint')}</p>
      <PriceGrid draft={draft} onPrices={setPrices} />
      {serverErrors.length > 0 && (
        <FormMessage kind="error" testId="period-errors">
          {serverErrors.join(' ')}
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
      <span className="tbo-suffixed">
        <NumberInput id={id} value={value} onChange={onChange} min={0} max={100} decimals={2} invalid={!!error} data-testid="period-advance-payment" />
        <span className="tbo-suffixed__suffix">%</span>
      </span>
    </Field>
  );
}

const KIND_KEY: Record<PriceKind, string> = { adult: 'periods.adult', child: 'periods.child', trip: 'periods.trip' };
const PRICE_MAX = 10_000_000;

/**
 * The price grid: one row per kind (adult, child, trip): the four recommended variants, the commission, then the
 * four net variants. Tab walks a row left to right, then the next row. Every change goes through the shared model.
 */
function PriceGrid({ draft, onPrices }: { draft: PeriodDraft; onPrices: (p: PeriodDraft['prices']) => void }) {
  const { t } = useTranslation('offer-edit');
  const p = draft.prices;
  const s = draft.settings;
  const variantLabel = (v: PriceVariant) => t(`periods.${v}`);
  return (
    <div className="offer-grid-wrap">
      <table className="offer-grid" data-testid="price-grid" aria-label={t('periods.grid')}>
        <thead>
          <tr>
            <th rowSpan={2} scope="col">
              <span className="tbo-sr-only">{t('periods.grid')}</span>
            </th>
            <th colSpan={4} scope="colgroup" className="offer-grid__group">
              {t('periods.recommended')}
            </th>
            <th rowSpan={2} scope="col" className="offer-grid__commission">
              {t('periods.commission')}
            </th>
            <th colSpan={4} scope="colgroup" className="offer-grid__group">
              {t('periods.net')}
            </th>
          </tr>
          <tr>
            {GRID_VARIANTS.map((v) => (
              <th key={`r-${v}`} scope="col">
                {variantLabel(v)}
              </th>
            ))}
            {GRID_VARIANTS.map((v) => (
              <th key={`n-${v}`} scope="col">
                {variantLabel(v)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {PRICE_KINDS.map((kind) => {
            const kindLabel = t(KIND_KEY[kind]);
            return (
              <tr key={kind} data-testid={`price-row-${kind}`}>
                <th scope="row">{kindLabel}</th>
                {GRID_VARIANTS.map((v) => (
                  <td key={`r-${v}`}>
                    <PriceInput
                      value={p.recommended[kind][v]}
                      label={t('periods.cellLabel', { kind: kindLabel, side: t('periods.recommended'), variant: variantLabel(v) })}
                      testId={`price-${kind}-rec-${v}`}
                      onChange={(n) => onPrices(editRecommended(p, kind, v, n, s))}
                    />
                  </td>
                ))}
                <td className="offer-grid__commission">
                  <PriceInput value={p.commissions[kind]} max={100} plain label={t('periods.commissionLabel', { kind: kindLabel })} testId={`commission-${kind}`} onChange={(n) => onPrices(editCommission(p, kind, n, s))} />
                </td>
                {GRID_VARIANTS.map((v) => (
                  <td key={`n-${v}`}>
                    <PriceInput
                      value={p.net[kind][v]}
                      label={t('periods.cellLabel', { kind: kindLabel, side: t('periods.net'), variant: variantLabel(v) })}
                      testId={`price-${kind}-net-${v}`}
                      onChange={(n) => onPrices(editNet(p, kind, v, n, s))}
                    />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * One cell: what the user types stays as typed; a value that comes from the model (another cell was edited, a
 * period was opened) shows rounded to 4 decimals (`plain`: without trailing zeros, for the commission).
 */
function PriceInput({ value, onChange, label, testId, max = PRICE_MAX, plain }: { value: number | null; onChange: (v: number | null) => void; label: string; testId: string; max?: number; plain?: boolean }) {
  const show = (v: number | null) => (plain ? (v === null ? '' : String(v)) : priceText(v));
  const [text, setText] = useState(() => show(value));
  const last = useRef<number | null>(value);
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(plain ? (value === null ? '' : String(value)) : priceText(value));
    }
  }, [value, plain]);
  return (
    <input
      type="text"
      inputMode="decimal"
      autoComplete="off"
      className="tbo-input tbo-input--sm tbo-input--number offer-grid__input"
      aria-label={label}
      data-testid={testId}
      value={text}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        const next = applyBoundedNumberInput(text, e.target.value, { min: 0, max, decimals: 4 });
        setText(next);
        const n = parseNumberText(next);
        if (n !== last.current) {
          last.current = n;
          onChange(n);
        }
      }}
      onFocus={(e) => e.target.select()}
    />
  );
}
