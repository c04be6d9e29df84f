import { useTranslation } from 'react-i18next';
import { Button } from '../common/button';
import { Icon } from '../common/icons';
import { gridOverlayState } from './grid-overlays.logic';
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
  const state = gridOverlayState(data);
  return (
    <>
      {state.loading !== 'none' && (
        <div className={state.loading === 'first' ? 'tbo-dt__loading tbo-dt__loading--first' : 'tbo-dt__loading'} data-testid="table-loading">
          <div className="tbo-dt__bar" />
          {state.loading === 'first' && <span className="tbo-spinner" aria-hidden="true" />}
          <span className="tbo-sr-only" role="status">
            {t('common.loading')}
          </span>
        </div>
      )}
      {state.empty && (
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
      {state.error === 'blocking' && (
        <div className="tbo-dt__empty tbo-dt__empty--error" role="alert" data-testid="table-error">
          <div className="tbo-dt__empty-text">{t('table.loadFailed')}</div>
          <Button size="sm" icon="refresh" onClick={onRetry} data-testid="table-retry">
            {t('table.retry')}
          </Button>
        </div>
      )}
    </>
  );
}

/**
 * Above the grid while its rows are left from an earlier load because the latest one failed (a notification alone
 * goes away, and the rows would pass for the answer to the new filters): says so, with Retry.
 */
export function GridErrorBar({ data, onRetry }: { data: TableData<unknown>; onRetry: () => void }) {
  const { t } = useTranslation('ui');
  if (gridOverlayState(data).error !== 'stale') return null;
  return (
    <div className="tbo-dt__error-bar" role="alert" data-testid="table-error">
      <span>{t('table.staleRows')}</span>
      <Button size="sm" icon="refresh" onClick={onRetry} data-testid="table-retry">
        {t('table.retry')}
      </Button>
    </div>
  );
}
