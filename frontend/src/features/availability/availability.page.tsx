import './availability.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { dateSeries, dubaiToday } from '@tbo/scheduling/src/departures/business-date.pure';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../ui/common/button';
import { Icon } from '../../ui/common/icons';
import { PageHeader } from '../../ui/common/page-header';
import type { AvailabilityDay, AvailabilityRow } from './api/availability.schema';
import { useAvailability } from './api/get-availability';
import { CHART_DAYS, chartState, fullDate, shiftWeeks, windowStart } from './availability.logic';
import { AvailabilityGrid } from './grid/availability-grid';
import { CellDialog } from './grid/cell-dialog';
import { AvailabilityLegend } from './grid/legend';

/**
 * /availability (the Manage menu's Availability Chart): seats left of each group, or independent slot, over two
 * weeks from ?from= (today in Dubai by default), scrolling by a week; a day opens a dialog to close it, reopen it
 * or change its capacity.
 */
export function AvailabilityPage() {
  const { t } = useTranslation('availability');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const localToday = dubaiToday();
  const from = windowStart(params.get('from'), localToday);
  const query = useAvailability(from, CHART_DAYS);
  const grid = query.data;
  const today = grid?.today ?? localToday;
  const dates = dateSeries(from, CHART_DAYS);
  const [open, setOpen] = useState<{ row: AvailabilityRow; date: string } | null>(null);

  const go = (next: string) => setParams(next === today ? {} : { from: next }, { replace: false });
  // The dialog follows the grid: after a change the day it shows is the day as read again.
  const openRow = open && grid?.rows.find((r) => r.groupId === open.row.groupId && r.timeSlotId === open.row.timeSlotId);
  const openDay = openRow?.days.find((d) => d.date === open?.date);
  const showing = !!grid && grid.from === from;
  const state = chartState({ rows: grid?.rows, showing, isError: query.isError });

  return (
    <div className="page availability-page" data-testid="availability-page">
      <PageHeader title={t('title')} subtitle={t('subtitle')} titleTestId="page-title" />
      <nav className="availability-nav" aria-label={t('nav.label')}>
        <Button icon="chevronLeft" label={t('nav.previous')} onClick={() => go(shiftWeeks(from, -1))} data-testid="availability-previous" />
        <Button label={t('nav.today')} variant={from === today ? 'default' : 'primary'} onClick={() => go(today)} data-testid="availability-today" />
        <Button label={t('nav.next')} onClick={() => go(shiftWeeks(from, 1))} data-testid="availability-next">
          <Icon name="chevronRight" size={16} />
        </Button>
        <span className="availability-nav__range" aria-live="polite" data-testid="availability-range">
          {t('nav.range', { from: fullDate(dates[0]!), to: fullDate(dates[dates.length - 1]!) })}
        </span>
      </nav>
      {state === 'loading' && (
        <p className="availability-page__message" role="status" data-testid="availability-loading">
          <span className="tbo-spinner" aria-hidden="true" /> {t('loading')}
        </p>
      )}
      {state === 'failed' && (
        <div className="availability-page__message" data-testid="availability-load-error">
          <p role="alert">{t('errors.load')}</p>
          <Button label={t('errors.retry')} busy={query.isFetching} onClick={() => void query.refetch()} data-testid="availability-retry" />
        </div>
      )}
      {state === 'empty' && (
        <p className="availability-page__message" data-testid="availability-empty">
          {t('grid.empty')} <Link to="/timeslots">{t('grid.emptyLink')}</Link>
        </p>
      )}
      {state === 'grid' && grid && (
        <div className={showing ? undefined : 'availability-page__loading'} aria-busy={!showing}>
          <AvailabilityGrid rows={grid.rows} dates={showing ? dates : dateSeries(grid.from, CHART_DAYS)} today={today} onOpen={(row: AvailabilityRow, day: AvailabilityDay) => setOpen({ row, date: day.date })} />
        </div>
      )}
      <AvailabilityLegend />
      {open && openRow && openDay && <CellDialog row={openRow} day={openDay} today={today} onClose={() => setOpen(null)} />}
    </div>
  );
}
