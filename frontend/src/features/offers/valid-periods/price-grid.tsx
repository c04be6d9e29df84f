import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { editCommission, editNet, editRecommended, PRICE_KINDS, type PriceKind, type PriceVariant } from '@tbo/catalog/src/pricing/price-model.pure';
import { applyBoundedNumberInput, decimalText, parseNumberText } from '../../../ui/format/number';
import { GRID_VARIANTS, priceText, type PeriodDraft } from './period.logic';

const KIND_KEY: Record<PriceKind, string> = { adult: 'periods.adult', child: 'periods.child', trip: 'periods.trip' };
const PRICE_MAX = 10_000_000;

/**
 * The price grid: one row per kind (adult, child, trip): the four recommended variants, the commission, then the
 * four net variants. Tab walks a row left to right, then the next row. Every change goes through the shared model.
 */
export function PriceGrid({ draft, onPrices }: { draft: PeriodDraft; onPrices: (p: PeriodDraft['prices']) => void }) {
  const { t } = useTranslation('offer-edit');
  const p = draft.prices;
  const s = draft.settings;
  const variantLabel = (v: PriceVariant) => t(`periods.${v}`);
  // The four recommended or the four net cells of a row.
  const sideCells = (kind: PriceKind, kindLabel: string, side: 'rec' | 'net') => {
    const { prices, sideKey, edit } = side === 'rec' ? { prices: p.recommended, sideKey: 'periods.recommended', edit: editRecommended } : { prices: p.net, sideKey: 'periods.net', edit: editNet };
    return GRID_VARIANTS.map((v) => (
      <td key={`${side === 'rec' ? 'r' : 'n'}-${v}`}>
        <PriceInput
          value={prices[kind][v]}
          label={t('periods.cellLabel', { kind: kindLabel, side: t(sideKey), variant: variantLabel(v) })}
          testId={`price-${kind}-${side}-${v}`}
          onChange={(n) => onPrices(edit(p, kind, v, n, s))}
        />
      </td>
    ));
  };
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
                {sideCells(kind, kindLabel, 'rec')}
                <td className="offer-grid__commission">
                  <PriceInput value={p.commissions[kind]} max={100} plain label={t('periods.commissionLabel', { kind: kindLabel })} testId={`commission-${kind}`} onChange={(n) => onPrices(editCommission(p, kind, n, s))} />
                </td>
                {sideCells(kind, kindLabel, 'net')}
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
  const { i18n } = useTranslation();
  // The decimal separator of the interface language (Russian: a comma), as every other figure on the page is written.
  const local = (text: string) => decimalText(text, i18n.language);
  const show = (v: number | null) => local(plain ? (v === null ? '' : String(v)) : priceText(v));
  const [text, setText] = useState(() => show(value));
  const last = useRef<number | null>(value);
  useEffect(() => {
    if (value !== last.current) {
      last.current = value;
      setText(show(value));
    }
  }, [value, plain, i18n.language]);
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
        const next = local(applyBoundedNumberInput(text, e.target.value, { min: 0, max, decimals: 4 }));
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
