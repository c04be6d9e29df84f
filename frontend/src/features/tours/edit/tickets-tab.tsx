import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '../../../ui/common/button';
import { DataTable, type DataTableColumn, type TableDataSource } from '../../../ui/data-table';
import { Toggle } from '../../../ui/fields';
import { formatMoney } from '../../../ui/format/number';
import { businessDateOf } from '@tbo/catalog/src/pricing/price-model.pure';
import type { TourOfferSummary } from '../../../app/catalog/tour.types';
import { localPage, visibleOffers } from './tour-lists';

// Grouped and with the decimal sign of the interface language ('$1 234,50' on Russian screens).
const usd = (n: number | null) => (n === null || n === undefined ? '' : `$${formatMoney(n)}`);

/**
 * The tour's offers (spec 01 §2 Tickets): name, booking type, the summary period's recommended USD prices and its
 * end, a link to the offer; 'Show deleted' shows deleted offers styled as cancelled; 'Add ticket' opens a new offer;
 * Excel export as tourtickets.xlsx.
 */
export function TicketsTab({ tourId, offers }: { tourId: number; offers: TourOfferSummary[] }) {
  const { t } = useTranslation('tour-edit');
  const navigate = useNavigate();
  const [showDeleted, setShowDeleted] = useState(false);
  const rows = useMemo(() => visibleOffers(offers, showDeleted), [offers, showDeleted]);
  const bookingTypes = useMemo(() => [0, 1, 2].map((v) => ({ value: v, label: t(`bookingTypes.${v}`) })), [t]);

  const columns = useMemo<DataTableColumn<TourOfferSummary>[]>(
    () => [
      {
        field: 'nameInternal',
        header: t('tickets.name'),
        // The columns together fit the tab at 1366 px: the name grows on wider screens, the rest keep their titles
        // (two lines at most, 'Взрослый, $' and 'За поездку, $' with whole words) and 'Мгновенное бронирование' whole.
        width: 210,
        flex: 1,
        filter: { type: 'none' },
        render: (r) => (
          <span className="tour-ticket-name">
            <span className="tour-ticket-name__internal">{r.nameInternal}</span>
            <span className="tour-ticket-name__display" title={r.nameDisplay}>
              {r.nameDisplay}
            </span>
            <span className="tour-ticket-name__id">#{r.id}</span>
          </span>
        ),
        format: (_v, r) => `${r.nameInternal} / ${r.nameDisplay} (#${r.id})`,
      },
      { field: 'bookingType', header: t('tickets.bookingType'), width: 220, filter: { type: 'none' }, format: (v) => bookingTypes.find((b) => b.value === v)?.label ?? String(v) },
      { field: 'pricePerAdultRecUsd', header: t('tickets.adult'), width: 120, align: 'right', filter: { type: 'none' }, format: (v) => usd(v as number | null), exportValue: (r) => r.pricePerAdultRecUsd },
      { field: 'pricePerChildRecUsd', header: t('tickets.child'), width: 120, align: 'right', filter: { type: 'none' }, format: (v) => usd(v as number | null), exportValue: (r) => r.pricePerChildRecUsd },
      { field: 'pricePerTripRecUsd', header: t('tickets.trip'), width: 120, align: 'right', filter: { type: 'none' }, format: (v) => usd(v as number | null), exportValue: (r) => r.pricePerTripRecUsd },
      { field: 'periodEnd', header: t('tickets.periodEnd'), width: 105, filter: { type: 'none' }, format: (v) => (v ? businessDateOf(v as string) : '') },
      {
        field: 'id',
        header: t('tickets.open'),
        width: 90,
        sortable: false,
        filter: { type: 'none' },
        exportValue: false,
        render: (r) => (
          <Link to={`/tours/${tourId}/${r.id}`} className="tour-ticket-link" data-testid="ticket-link">
            {t('tickets.edit')}
          </Link>
        ),
      },
    ],
    [t, bookingTypes, tourId],
  );

  // A new function when the rows change: the table reloads.
  const dataSource = useCallback<TableDataSource<TourOfferSummary>>((filter) => Promise.resolve(localPage(rows, filter)), [rows]);
  const isNew = tourId === 0;

  return (
    <div className="tour-sections" data-testid="tour-tickets">
      <div className="tour-tickets__bar">
        <Button variant="primary" icon="plus" label={t('tickets.add')} disabled={isNew} title={isNew ? t('tickets.saveFirst') : undefined} onClick={() => navigate(`/tours/${tourId}/add`)} data-testid="ticket-add" />
        {isNew && <span className="tour-muted" data-testid="ticket-add-hint">{t('tickets.saveFirst')}</span>}
      </div>
      <DataTable<TourOfferSummary>
        testId="tour-tickets-table"
        title={t('tabs.tickets')}
        columns={columns}
        dataSource={dataSource}
        initialSort={{ field: 'nameInternal', type: 'ASC' }}
        rowClass={(r) => (r.isDeleted ? 'tour-ticket--deleted' : undefined)}
        height={360}
        emptyMessage={t('tickets.none')}
        exportOptions={{ title: t('tickets.exportTitle'), fileName: 'tourtickets.xlsx' }}
        toolbarExtra={<Toggle checked={showDeleted} onChange={setShowDeleted} label={t('tickets.showDeleted')} size="sm" />}
      />
    </div>
  );
}
