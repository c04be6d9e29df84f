import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { DataTable, rowOpenHandlers, useFileDownload, useTableUrl, type DataTableColumn, type DataTableHandle, type FilterOption, type TableDataSource, type TableUrl } from '../../../ui/data-table';
import { formatDate } from '../../../ui/format/date';
import { formatMoney } from '../../../ui/format/number';
import { channelColumn } from '../../../app/bookings/channel-column';
import { COUNT_WIDTH } from '../../../app/bookings/column-widths';
import { documentsColumn } from '../../../app/documents/documents-column';
import { downloadOperatorBookings, fetchOperatorBookings, type OperatorBookingRow } from '../api/list-operator-bookings';
import { FILTER_KEYS, OPERATOR_LIST_URL, toOperatorBody, type OperatorListBody } from './operator-query';
import { NO_SUMS, SUM_KEYS, sumsTracker } from './operator-sums.logic';
import './bookings-list.css';
import { hotelShown } from '../../../app/bookings/hotel-shown';
import { statusWordKey } from '../../../app/bookings/declined';

export const BOOKINGS_FILE_NAME = 'bookings.xlsx';

export interface OperatorBookingsTableProps {
  /** A row was clicked (or Enter pressed on it): open its details. */
  onOpen: (id: number) => void;
  tableRef?: React.Ref<DataTableHandle>;
}

/** A row's style: cancelled rows struck through, pending ones highlighted, overdue pending ones in red. */
export function operatorRowClass(r: Pick<OperatorBookingRow, 'status' | 'isOverdue'>): string | undefined {
  if (r.status === 4) return 'tbo-row--cancelled';
  if (r.status === 1) return r.isOverdue ? 'tbo-row--pending bookings-row--overdue' : 'tbo-row--pending';
  return undefined;
}

/** The operator bookings table (spec 02 §2): every column with its filter, the date window, status, sums, export. */
export function OperatorBookingsTable(props: OperatorBookingsTableProps) {
  // Filters, sort and page in the address (the open booking's ?id= is the page's): a reload or Back keeps them.
  const url = useTableUrl(OPERATOR_LIST_URL);
  return <OperatorBookingsGrid key={url.generation} {...props} url={url} />;
}

function OperatorBookingsGrid({ onOpen, tableRef, url }: OperatorBookingsTableProps & { url: TableUrl }) {
  const { t } = useTranslation('bookings-list');
  const { initial, record } = url;
  const [{ sums, coming, failed }, setSums] = useState(NO_SUMS);
  // Once per table: the data source below must keep its identity (a new one reloads the table).
  const [tracker] = useState(() => sumsTracker(setSums));
  const lastBody = useRef<OperatorListBody | null>(null);

  const dataSource = useCallback<TableDataSource<OperatorBookingRow>>(
    async (filter, signal) => {
      const body = toOperatorBody(filter);
      lastBody.current = body;
      record(filter);
      const seq = tracker.begin();
      try {
        const answer = await fetchOperatorBookings(body, signal);
        tracker.answered(seq, answer.sums, answer.comingSums);
        return answer;
      } catch (e) {
        // The grid keeps the last rows under its error bar; the sums must not stay as if they were the new query's.
        tracker.failed(seq, signal?.aborted === true);
        throw e;
      }
    },
    [tracker, record],
  );

  const { exporting, runExport } = useFileDownload(() => lastBody.current && downloadOperatorBookings(lastBody.current), BOOKINGS_FILE_NAME);

  const statusOptions = useMemo<FilterOption<string>[]>(
    () => [
      { value: 'normal', label: t('statusFilter.normal') },
      { value: 'pending', label: t('statusFilter.pending') },
      { value: 'cancelled', label: t('statusFilter.cancelled') },
    ],
    [t],
  );
  const payeeOptions = useMemo<FilterOption<string>[]>(
    () => [
      { value: 'agency', label: t('payee.agency') },
      { value: 'supplier', label: t('payee.supplier') },
    ],
    [t],
  );
  const payee = useCallback((v: string) => (v === 'agency' || v === 'supplier' ? t(`payee.${v}`) : v), [t]);

  const { t: tDocs } = useTranslation('booking-documents');
  const columns = useMemo<DataTableColumn<OperatorBookingRow>[]>(
    () => [
      // The id and the status stay in view while the wide table scrolls sideways (18 columns do not fit 1366 px);
      // the guest's name and whole phone number still fit the first screen, so the region comes after them.
      { field: 'id', header: t('columns.id'), width: 80, pinned: 'left', filterField: FILTER_KEYS.id, filter: { type: 'text-number' }, render: (r) => <span data-testid="bookings-row-id">{r.id}</span> },
      { field: 'date', header: t('columns.date'), width: 180, filterField: FILTER_KEYS.date, filter: { type: 'date-range', emptyLabel: t('columns.dateDefault') }, format: (v) => formatDate(String(v)) },
      { field: 'tourName', header: t('columns.tour'), width: 170, filterField: FILTER_KEYS.tour, filter: { type: 'text' } },
      { field: 'offerName', header: t('columns.offer'), width: 160, filterField: FILTER_KEYS.offer, filter: { type: 'text' } },
      { field: 'hotelName', header: t('columns.hotel'), width: 160, filterField: FILTER_KEYS.hotel, filter: { type: 'text' }, format: (_v, r) => hotelShown(r, t('shell:noHotel')) },
      { field: 'guestName', header: t('columns.guestName'), width: 170, filterField: FILTER_KEYS.guestName, filter: { type: 'text' }, render: (r) => <span data-testid="bookings-row-guest">{r.guestName}</span> },
      // '+971 50 123 4567' whole.
      { field: 'tel', header: t('columns.tel'), width: 150, filterField: FILTER_KEYS.tel, filter: { type: 'text' } },
      // Half hidden behind the pinned status at 1366 px: the whole name is its tooltip.
      {
        field: 'region',
        header: t('columns.region'),
        width: 120,
        filterField: FILTER_KEYS.region,
        filter: { type: 'text' },
        render: (r) => (
          <span className="tbo-td__text" title={r.region || undefined} data-testid="bookings-row-region">
            {r.region}
          </span>
        ),
      },
      { field: 'ad', header: t('columns.ad'), headerTooltip: t('columnTitles.ad'), width: COUNT_WIDTH, align: 'right', filter: { type: 'none' } },
      { field: 'ch', header: t('columns.ch'), headerTooltip: t('columnTitles.ch'), width: COUNT_WIDTH, align: 'right', filter: { type: 'none' } },
      { field: 'inf', header: t('columns.inf'), headerTooltip: t('columnTitles.inf'), width: COUNT_WIDTH, align: 'right', filter: { type: 'none' } },
      { field: 'foc', header: t('columns.foc'), headerTooltip: t('columnTitles.foc'), width: COUNT_WIDTH, align: 'right', filter: { type: 'none' } },
      { field: 'paid', header: t('columns.paid'), width: 120, align: 'right', filter: { type: 'none' }, format: (v) => `USD ${formatMoney(Number(v))}` },
      { field: 'paidTo', header: t('columns.paidTo'), width: 120, filterField: FILTER_KEYS.paidTo, filter: { type: 'select', options: payeeOptions }, format: (v) => payee(String(v)) },
      { field: 'collect', header: t('columns.collect'), width: 140, align: 'right', filter: { type: 'none' }, format: (v) => `USD ${formatMoney(Number(v))}` },
      { field: 'collectTo', header: t('columns.collectTo'), width: 120, filterField: FILTER_KEYS.collectTo, filter: { type: 'select', options: payeeOptions }, format: (v) => payee(String(v)) },
      { field: 'voucher', header: t('columns.voucher'), width: 150, filterField: FILTER_KEYS.voucher, filter: { type: 'text' } },
      channelColumn<OperatorBookingRow>(t('columns.channel'), (c) => t(`channel.${c}`, { defaultValue: c }), 'bookings-row'),
      documentsColumn<OperatorBookingRow>(tDocs('column'), 'bookings-row'),
      {
        field: 'status',
        header: t('columns.status'),
        // Wide enough for 'Pending · Overdue' and its Russian, the longest status a row shows.
        width: 200,
        pinned: 'right',
        filterField: FILTER_KEYS.status,
        filter: { type: 'select', options: statusOptions },
        // A declined booking is named so (the status filter still counts it with the cancelled ones).
        render: (r) => (
          <span data-testid="bookings-row-status" data-status={r.status} data-declined={r.declined || undefined} title={r.isOverdue ? t('overdue') : undefined}>
            {t(statusWordKey(r.status, r.declined), { defaultValue: r.statusText })}
            {r.isOverdue ? ` · ${t('overdue')}` : ''}
          </span>
        ),
      },
    ],
    [t, tDocs, statusOptions, payeeOptions, payee],
  );

  // Enter on the documents cell goes to its buttons first; any other cell opens the booking.
  const onOpenRef = useRef(onOpen);
  onOpenRef.current = onOpen;
  const rowKeys = useMemo(() => rowOpenHandlers((id) => onOpenRef.current(id)), []);

  return (
    <div className="bookings-list" {...rowKeys}>
      <DataTable<OperatorBookingRow>
        testId="bookings-table"
        tableRef={tableRef}
        title={t('tableTitle')}
        columns={columns}
        dataSource={dataSource}
        initialSort={initial.sort ?? undefined}
        initialFilters={initial.filters}
        initialPage={initial.page}
        rowClass={operatorRowClass}
        emptyMessage={t('empty')}
        heightOffset={142}
        toolbarExtra={<Button size="sm" variant="ghost" icon="excel" label={t('export')} busy={exporting} onClick={() => void runExport()} data-testid="bookings-export" />}
      />
      <div className="bookings-list__sums" data-testid="bookings-sums" data-failed={failed || undefined} aria-live="polite">
        <span className="bookings-list__sums-label">{t('sums.title')}</span>
        {failed && (
          <span className="bookings-list__sums-failed" data-testid="bookings-sums-failed">
            {t('sums.failed')}
          </span>
        )}
        {SUM_KEYS.map((k) => (
          <span key={k} className="bookings-list__sum" data-testid={`bookings-sum-${k}`} data-value={sums?.[k] ?? ''} data-coming={coming?.[k]}>
            {t(`sums.${k}`)}: <strong>{sums ? sums[k] : '—'}</strong>
            {/* Only when cancelled or declined guests are among the sums: how many of them are coming (the manifest's count). */}
            {coming && (
              <span className="bookings-list__sum-coming" title={t('sums.comingHint')}>
                {' '}
                {t('sums.coming', { n: coming[k] })}
              </span>
            )}
          </span>
        ))}
      </div>
    </div>
  );
}
