import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../common/button';
import { cx } from '../common/cx';
import type { PagingInfo, TableAction, TableActionContext } from './types';

interface TableToolbarProps<T> {
  title?: ReactNode;
  paging: PagingInfo | null;
  selectedCount: number | null;
  actions: TableAction<T>[];
  actionContext: TableActionContext<T>;
  toolbarExtra?: ReactNode;
  activeFilters: number;
  hasFilterInput: boolean;
  onClearFilters: () => void;
  loading: boolean;
  onRefresh: () => void;
  /** Shows the Excel button when given. */
  onExport?: () => void;
  exporting: boolean;
  fullscreen: boolean;
  onToggleFullscreen: () => void;
}

/** The bar above the grid: title and counts, the page's actions, then clear filters, refresh, export and full screen. */
export function TableToolbar<T>(p: TableToolbarProps<T>) {
  const { t } = useTranslation('ui');
  const { actions, actionContext } = p;
  return (
    <div className="tbo-dt__toolbar">
      <div className="tbo-dt__title">
        {p.title && <h2 className="tbo-dt__heading">{p.title}</h2>}
        {p.paging && (
          <span className="tbo-dt__count" data-testid="table-total">
            {t('table.total', { count: p.paging.totalItems })}
          </span>
        )}
        {!!p.selectedCount && <span className="tbo-dt__selected">{t('table.selectedCount', { count: p.selectedCount })}</span>}
      </div>
      <div className="tbo-dt__tools">
        {p.toolbarExtra}
        {actions.map((a) => {
          const disabled = typeof a.disabled === 'function' ? a.disabled(actionContext) : a.disabled;
          return (
            <Button
              key={a.id}
              size="sm"
              variant={a.variant ?? 'default'}
              icon={a.icon}
              iconOnly={a.iconOnly}
              label={a.label}
              disabled={disabled}
              data-action={a.id}
              onClick={() => void a.onClick(actionContext)}
            />
          );
        })}
        {(actions.length > 0 || p.toolbarExtra) && <span className="tbo-dt__divider" aria-hidden="true" />}
        <Button size="sm" variant="ghost" icon="filterOff" label={t('table.clearFilters')} disabled={!p.hasFilterInput} onClick={p.onClearFilters} data-action="clear-filters">
          {p.activeFilters > 0 && <span className="tbo-dt__badge">{p.activeFilters}</span>}
        </Button>
        <Button size="sm" variant="ghost" icon="refresh" iconOnly label={t('table.refresh')} onClick={p.onRefresh} data-action="refresh" className={cx(p.loading && 'tbo-dt__spin')} />
        {p.onExport && <Button size="sm" variant="ghost" icon="excel" iconOnly label={t('table.export.button')} busy={p.exporting} onClick={p.onExport} data-action="export" />}
        <Button
          size="sm"
          variant="ghost"
          icon={p.fullscreen ? 'minimize' : 'maximize'}
          iconOnly
          label={p.fullscreen ? t('table.exitFullscreen') : t('table.fullscreen')}
          aria-pressed={p.fullscreen}
          onClick={p.onToggleFullscreen}
          data-action="fullscreen"
        />
      </div>
    </div>
  );
}
