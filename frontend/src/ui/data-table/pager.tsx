import { useTranslation } from 'react-i18next';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import { gapTarget, pageItems } from './paging';
import type { PagingInfo } from './types';

export interface PagerProps {
  paging: PagingInfo | null;
  onPage: (page: number) => void;
  disabled?: boolean;
}

/** Range text and page buttons (every page up to 10, otherwise ellipsis groups; a gap jumps into its group). */
export function Pager({ paging, onPage, disabled }: PagerProps) {
  const { t } = useTranslation('ui');
  const current = paging?.currentPage ?? 1;
  const total = paging?.totalPages ?? 1;
  const items = pageItems(current, total);
  const go = (p: number) => {
    if (p !== current && p >= 1 && p <= total) onPage(p);
  };
  return (
    <div className="tbo-pager">
      <div className="tbo-pager__range" aria-live="polite" data-testid="table-range">
        {paging && paging.totalItems > 0 ? t('table.range', { from: paging.from, to: paging.to, total: paging.totalItems }) : paging ? t('table.noRows') : '\u00a0'}
      </div>
      {total > 1 && (
        <nav className="tbo-pager__nav" aria-label={t('table.pager.label')}>
          <button type="button" className="tbo-pager__btn" disabled={disabled || current <= 1} onClick={() => go(1)} aria-label={t('table.pager.first')} title={t('table.pager.first')}>
            <Icon name="chevronsLeft" size={14} />
          </button>
          <button type="button" className="tbo-pager__btn" disabled={disabled || current <= 1} onClick={() => go(current - 1)} aria-label={t('table.pager.prev')} title={t('table.pager.prev')}>
            <Icon name="chevronLeft" size={14} />
          </button>
          {items.map((item) =>
            item.kind === 'page' ? (
              <button
                key={`p${item.page}`}
                type="button"
                className={cx('tbo-pager__btn', 'tbo-pager__page', item.page === current && 'tbo-pager__page--current')}
                aria-current={item.page === current ? 'page' : undefined}
                aria-label={t('table.pager.page', { page: item.page })}
                disabled={disabled && item.page !== current}
                onClick={() => go(item.page)}
              >
                {item.page}
              </button>
            ) : (
              <button
                key={`g${item.from}`}
                type="button"
                className="tbo-pager__btn tbo-pager__gap"
                disabled={disabled}
                onClick={() => go(gapTarget(item))}
                aria-label={t('table.pager.gap', { from: item.from, to: item.to })}
                title={t('table.pager.gap', { from: item.from, to: item.to })}
              >
                …
              </button>
            ),
          )}
          <button type="button" className="tbo-pager__btn" disabled={disabled || current >= total} onClick={() => go(current + 1)} aria-label={t('table.pager.next')} title={t('table.pager.next')}>
            <Icon name="chevronRight" size={14} />
          </button>
          <button type="button" className="tbo-pager__btn" disabled={disabled || current >= total} onClick={() => go(total)} aria-label={t('table.pager.last')} title={t('table.pager.last')}>
            <Icon name="chevronsRight" size={14} />
          </button>
        </nav>
      )}
    </div>
  );
}
