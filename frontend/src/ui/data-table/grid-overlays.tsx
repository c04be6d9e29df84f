import { useTranslation } from 'react-i18next';
import { Button } from '../common/button';
import { cx } from '../common/cx';
import { Icon } from '../common/icons';
import type { TableData } from './use-table-data';

interface GridOverlaysProps {
  data: TableData<unknown>;
  activeFilters: number;
  hasFilterInput: boolean;
  emptyMessage?: string;
  onClearFilters: () => void;
  onRetry: () => void;
}

/** What lies over the grid: the loading bar (a spinner on the first load), the empty note and the load error. */
export function GridOverlays({ data, activeFilters, hasFilterInput, emptyMessage, onClearFilters, onRetry }: GridOverlaysProps) {
  const { t } = useTranslation('ui');
  const noRows = !data.loading && !data.error && data.rows.length === 0;
  return (
    <>
      {data.loading && (
        <div className={cx('tbo-dt__loading', data.rows.length === 0 && 'tbo-dt__loading--first')} data-testid="table-loading">
          <div className="tbo-dt__bar" />
          {data.rows.length === 0 && <span className="tbo-spinner" aria-hidden="true" />}
          <span className="tbo-sr-only" role="status">
            {t('common.loading')}
          </span>
        </div>
      )}
      {noRows && (
        <div className="tbo-dt__empty" role="status" data-testid="table-empty">
          <Icon name="inbox" size={30} strokeWidth={1.5} />
          <div className="tbo-dt__empty-text">{activeFilters > 0 ? t('table.emptyFiltered') : (emptyMessage ?? t('table.empty'))}</div>
          {hasFilterInput && (
            <Button size="sm" onClick={onClearFilters}>
              {t('table.clearFilters')}
            </Button>
          )}
        </div>
      )}
      {data.error && !data.loading && data.rows.length === 0 && (
        <div className="tbo-dt__empty tbo-dt__empty--error" role="alert">
          <div className="tbo-dt__empty-text">{t('table.loadFailed')}</div>
          <Button size="sm" icon="refresh" onClick={onRetry}>
            {t('table.retry')}
          </Button>
        </div>
      )}
    </>
  );
}
