import { useTranslation } from 'react-i18next';
import { cx } from '../../ui/common/cx';

export const OFFER_TABS = ['details', 'media', 'prices', 'history'] as const;
export type OfferTab = (typeof OFFER_TABS)[number];
export const asOfferTab = (v: string | null): OfferTab => ((OFFER_TABS as readonly string[]).includes(v ?? '') ? (v as OfferTab) : 'details');
/** Prices and history belong to a saved ticket. */
export const needsSavedOffer = (tab: OfferTab) => tab === 'prices' || tab === 'history';

/** The ticket's tab list; the panel it controls is the page's #offer-tabpanel. */
export function OfferTabs({ tab, isNew, onSelect }: { tab: OfferTab; isNew: boolean; onSelect: (tab: OfferTab) => void }) {
  const { t } = useTranslation('offer-edit');
  return (
    <div className="offer-tabs" role="tablist" aria-label={t('tabs.label')}>
      {OFFER_TABS.map((key) => {
        const disabled = isNew && needsSavedOffer(key);
        return (
          <button
            key={key}
            type="button"
            role="tab"
            id={`offer-tab-${key}`}
            aria-selected={tab === key}
            aria-controls="offer-tabpanel"
            disabled={disabled}
            title={disabled ? t('periods.saveOfferFirst') : undefined}
            className={cx('folder-tab', 'offer-tabs__tab', tab === key && 'folder-tab--active')}
            onClick={() => onSelect(key)}
            data-testid={`offer-tab-${key}`}
          >
            {t(`tabs.${key}`)}
          </button>
        );
      })}
    </div>
  );
}
