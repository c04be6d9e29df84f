import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import type { SavedValidPeriod } from '../api/save-valid-period';
import type { ValidPeriod } from '../api/valid-period.schema';
import { businessDate, draftOf, money, newDraft, type PeriodDraft, type PeriodSettings } from './period.logic';
import { PeriodEditor } from './period-editor';
import { OfferSection } from '../offer-section';
import { focusWhenShown } from '../../../ui/common/focus-when-shown';

export interface ValidPeriodsProps {
  offerId: number;
  /** The offer's version as the editor holds it (a period save sends it; a stale one answers 409). */
  offerVersion: number | null;
  periods: readonly ValidPeriod[];
  /** The account's current settings (null while loading). */
  account: PeriodSettings | null;
  /** The offer's own advance payment: a new period starts with it. */
  offerAdvancePayment: number;
  onSaved: (saved: SavedValidPeriod) => void;
  /** Reads the offer again after a 409; answers its periods as saved now (null when it could not be read). */
  onReload: () => Promise<readonly ValidPeriod[] | null>;
}

/**
 * The offer's valid periods (spec 01 §2 second editor, §3 Valid period, §4 Price model): the list with Add and
 * Edit, and the editor below it. Saving posts the period; the answer replaces it in the offer (onSaved).
 */
export function ValidPeriods({ offerId, offerVersion, periods, account, offerAdvancePayment, onSaved, onReload }: ValidPeriodsProps) {
  const { t } = useTranslation('offer-edit');
  const [draft, setDraft] = useState<PeriodDraft | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const open = (d: PeriodDraft) => {
    setDraft(d);
    requestAnimationFrame(() => editorRef.current?.querySelector<HTMLInputElement>('input')?.focus());
  };
  const sectionRef = useRef<HTMLDivElement>(null);
  /** Back to the closed period's Edit (a new one's once it is listed), else Add period. */
  const close = (periodId: number) => {
    setDraft(null);
    focusWhenShown(() => sectionRef.current, [`[data-testid=period-row][data-period-id="${periodId}"] [data-testid=period-edit]`, '[data-testid=period-add]']);
  };
  const sorted = [...periods].sort((a, b) => a.periodStart.localeCompare(b.periodStart) || a.id - b.id);
  return (
    <div ref={sectionRef}>
      <OfferSection headingId="offer-periods-title" testId="valid-periods" title={t('periods.title')} actions={<Button icon="plus" label={t('periods.add')} variant="primary" disabled={!account || (draft !== null && draft.id === 0)} busy={!account} onClick={() => account && open(newDraft(new Date(), account, offerAdvancePayment))} data-testid="period-add" />}>
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
              offerVersion={offerVersion}
              draft={draft}
              account={account}
              onChange={setDraft}
              onCancel={() => close(draft.id)}
              onSaved={(saved) => {
                close(saved.id);
                onSaved(saved);
              }}
              onReload={async () => {
                const fresh = await onReload();
                if (!fresh) return;
                // The period as it is saved now replaces the draft (gone if someone else removed it).
                const now = fresh.find((p) => p.id === draft.id);
                setDraft(now ? draftOf(now) : null);
              }}
            />
          </div>
        )}
      </OfferSection>
    </div>
  );
}
