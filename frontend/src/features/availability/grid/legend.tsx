import { useTranslation } from 'react-i18next';
import { cx } from '../../../ui/common/cx';
import type { CellStatus } from '../availability.logic';

/** Each status with a sample cell. */
const SAMPLES: [CellStatus, string][] = [
  ['open', '30 / 40'],
  ['low', '6 / 40'],
  ['full', '0 / 40'],
  ['closed', '40 / 40'],
  ['notOffered', '40 / 40'],
];

/** What the cells' colours and the corner mark mean. */
export function AvailabilityLegend() {
  const { t } = useTranslation('availability');
  return (
    <section className="availability-legend" aria-labelledby="availability-legend-title" data-testid="availability-legend">
      <h2 id="availability-legend-title" className="availability-legend__title">
        {t('legend.title')}
      </h2>
      <p className="availability-legend__cell">{t('legend.cell')}</p>
      <ul className="availability-legend__items">
        {SAMPLES.map(([status, sample]) => (
          <li key={status} className="availability-legend__item" data-testid={`legend-${status}`}>
            <span className={cx('availability-cell', 'availability-legend__swatch', `availability-cell--${status}`)} aria-hidden="true">
              {sample}
            </span>
            {t(`status.${status}`)}
          </li>
        ))}
        <li className="availability-legend__item" data-testid="legend-own">
          <span className="availability-cell availability-legend__swatch availability-cell--open is-own" aria-hidden="true">
            12 / 12
          </span>
          {t('status.own')}
        </li>
      </ul>
    </section>
  );
}
