import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ApiError, saveBlob } from '../../lib/api-client';
import { Button } from '../../ui/common/button';
import { DataTable, rowOpenHandlers, useFileDownload, useTableUrl, type DataTableColumn, type FilterOption, type TableDataSource, type TableUrl } from '../../ui/data-table';
import { Toggle } from '../../ui/fields';
import { formatDate } from '../../ui/format/date';
import { formatMoney } from '../../ui/format/number';
import { minutesToTime } from '@tbo/kernel/src/pure/time-of-day.pure';
import { channelColumn } from '../../app/bookings/channel-column';
import { COUNT_WIDTH } from '../../app/bookings/column-widths';
import { notify } from '../../app/notifications/notifications';
import { documentsColumn } from '../../app/documents/documents-column';
import { downloadTickets } from '../../app/documents/download-booking-tickets';
import { downloadAgentList, fetchAgentList, useAgentListOptions, type AgentBookingRow } from './api/agent-bookings.api';
import { AGENT_LIST_URL, emptyListKey, FILTER_KEYS, fromTableFilter, MINE_PARAM, type AgentListKind, type AgentListQuery } from './agent-list-query';
import './agent-bookings.css';
import { hotelShown } from '../../app/bookings/hotel-shown';
import { statusWordKey } from '../../app/bookings/declined';
import { useMayOpen } from '../../app/guards/use-may-open';
import { onlyMineNarrows } from '../../app/bookings/staff-booker';
import { useAuthUser } from '../../lib/auth-session';

export const detailsPath = (id: number) => `/agent/bookings/details/${id}`;

/** 'HH:MM – HH:MM', the one end set, or ''. */
export function pickUpText(start: number | null, end: number | null): string {
  if (start === null) return '';
  return end === null || end === start ? minutesToTime(start) : `${minutesToTime(start)} – ${minutesToTime(end)}`;
}

const usd = (n: number) => `USD ${formatMoney(n)}`;

export interface AgentBookingsTableProps {
  kind: AgentListKind;
  /** The bookings of one arrival group (/agent/bookings/g-{groupId}). */
  groupId?: number | null;
}

/**
 * The agent's bookings or commissions (spec 02 §2): 'Only my bookings', the date range, filters, export, and on
 * the bookings list the pick-up time and the ticket download where the booking allows it. A row opens the booking.
 */
export function AgentBookingsTable(props: AgentBookingsTableProps) {
  // Filters, sort, page and 'Only my bookings' in the address: Back from a booking shows the same rows.
  const url = useTableUrl(AGENT_LIST_URL);
  return <AgentBookingsGrid key={url.generation} {...props} url={url} />;
}

function AgentBookingsGrid({ kind, groupId = null, url }: AgentBookingsTableProps & { url: TableUrl }) {
  const { t } = useTranslation('agent-bookings');
  const navigate = useNavigate();
  const { initial, record } = url;
  // An arrival group's page read by the supplier's operators or arrivals managers (the arrivals table's link): they
  // book nothing, so the server answers them this group's rows only, not the bookers' filter options, 'Only my
  // bookings', the booking pages or their documents.
  const booker = useMayOpen()('/agent/bookings');
  const user = useAuthUser();
  // 'Only my bookings' only for those whose lists hold others' bookings too (an agency admin, a supplier admin): a
  // plain agent's already hold their own alone, and the switch did nothing.
  const mineToggle = booker && onlyMineNarrows(user, groupId !== null);
  const [showMy, setShowMy] = useState(mineToggle && !!initial.toggles[MINE_PARAM]);
  const lastQuery = useRef<AgentListQuery | null>(null);

  const agents = useAgentListOptions('agents', kind, booker);
  const hotels = useAgentListOptions('hotels', kind, booker);
  const offers = useAgentListOptions('offers', kind, booker);
  const asOptions = (list: { id: number; name: string }[] | undefined): FilterOption<number>[] => (list ?? []).map((o) => ({ value: o.id, label: o.name }));
  const agentOptions = useMemo(() => asOptions(agents.data), [agents.data]);
  const hotelOptions = useMemo(() => asOptions(hotels.data), [hotels.data]);
  const offerOptions = useMemo(() => asOptions(offers.data), [offers.data]);

  // A new function when 'Only my bookings' changes: the table reloads from page 1.
  const dataSource = useCallback<TableDataSource<AgentBookingRow>>(
    async (filter, signal) => {
      const q = fromTableFilter(filter, showMy, groupId);
      lastQuery.current = q;
      record(filter, { [MINE_PARAM]: showMy });
      return fetchAgentList(kind, q, signal);
    },
    [kind, showMy, groupId, record],
  );

  const { exporting, runExport } = useFileDownload(() => lastQuery.current && downloadAgentList(kind, lastQuery.current), `${kind}.xlsx`);

  const { t: tDocs } = useTranslation('booking-documents');
  // The bookings whose tickets are downloading: their button spins, and a repeated click starts nothing (the ref
  // answers at once, before the state has rendered).
  const [ticketsBusy, setTicketsBusy] = useState<ReadonlySet<number>>(new Set());
  const ticketsRunning = useRef(new Set<number>());
  const tickets = useCallback(async (id: number) => {
    if (ticketsRunning.current.has(id)) return;
    ticketsRunning.current.add(id);
    setTicketsBusy(new Set(ticketsRunning.current));
    try {
      const { blob, fileName } = await downloadTickets(id);
      saveBlob(blob, fileName);
    } catch (err) {
      // Spec 02 §8: the server's error title, with its message, both in the interface language (the api client
      // translates them); a notice, as the documents column beside it shows its refusals.
      if (err instanceof ApiError) notify({ title: err.title, message: err.message, kind: 'error' });
      else notify({ title: tDocs('failed'), message: err instanceof Error ? err.message : String(err), kind: 'error' });
    } finally {
      ticketsRunning.current.delete(id);
      setTicketsBusy(new Set(ticketsRunning.current));
    }
  }, [tDocs]);

  const columns = useMemo<DataTableColumn<AgentBookingRow>[]>(() => {
    // The commissions list is there for its money: pinned on the right, it is in view at 1366 px while the other
    // columns scroll sideways (as the operator list keeps its status).
    const money = kind === 'commissions' ? ({ pinned: 'right' } as const) : {};
    const list: DataTableColumn<AgentBookingRow>[] = [
      { field: 'id', header: t('columns.id'), width: 70, filter: { type: 'none' }, render: (r) => <span data-testid="agent-row-id">{r.id}</span> },
      { field: 'date', header: t('columns.date'), width: 180, filterField: FILTER_KEYS.date, filter: { type: 'optional-date-range' }, format: (v) => formatDate(String(v)) },
      { field: 'tourName', header: t('columns.tour'), width: 170, flex: 1, filter: { type: 'none' } },
      { field: 'offerName', header: t('columns.offer'), width: 180, flex: 1, filterField: FILTER_KEYS.offers, filter: { type: 'multi-select-number', options: offerOptions } },
      { field: 'hotelName', header: t('columns.hotel'), width: 170, filterField: FILTER_KEYS.hotels, filter: { type: 'multi-select-number', options: hotelOptions }, format: (_v, r) => hotelShown(r, t('shell:noHotel')) },
    ];
    if (kind === 'bookings') list.push({ field: 'pickUpTimeStart', header: t('columns.pickUp'), width: 120, filter: { type: 'none' }, format: (_v, r) => pickUpText(r.pickUpTimeStart, r.pickUpTimeEnd) });
    list.push(
      { field: 'roomNumber', header: t('columns.room'), width: 90, filter: { type: 'none' } },
      { field: 'guestName', header: t('columns.guest'), width: 180, filterField: FILTER_KEYS.text, filter: { type: 'text', placeholder: t('search') }, render: (r) => <span data-testid="agent-row-guest">{r.guestName}</span> },
      { field: 'tel', header: t('columns.tel'), width: 150, filter: { type: 'none' } },
      // The counts' titles are abbreviations (Ad, Взр…): the full word is their tooltip.
      { field: 'numAdults', header: t('columns.ad'), headerTooltip: t('columnTitles.ad'), width: COUNT_WIDTH, align: 'right', filter: { type: 'none' } },
      { field: 'numChildren', header: t('columns.ch'), headerTooltip: t('columnTitles.ch'), width: COUNT_WIDTH, align: 'right', filter: { type: 'none' } },
      { field: 'numInfants', header: t('columns.inf'), headerTooltip: t('columnTitles.inf'), width: COUNT_WIDTH, align: 'right', filter: { type: 'none' } },
      { field: 'numFoc', header: t('columns.foc'), headerTooltip: t('columnTitles.foc'), width: COUNT_WIDTH, align: 'right', filter: { type: 'none' } },
      { field: 'grossSales', header: t('columns.grossSales'), width: 130, align: 'right', ...money, filter: { type: 'none' }, format: (v) => usd(Number(v)) },
      { field: 'agencyReceivable', header: t('columns.agencyReceivable'), width: 130, align: 'right', ...money, filter: { type: 'none' }, format: (v) => usd(Number(v)) },
      { field: 'agentName', header: t('columns.agent'), width: 150, sortable: false, filterField: FILTER_KEYS.agents, filter: { type: 'multi-select-number', options: agentOptions }, format: (_v, r) => r.agentName || (r.channel === 'octo' ? t('resellerApi') : '') },
      channelColumn<AgentBookingRow>(t('columns.channel'), (c) => t(`channel.${c}`, { defaultValue: c }), 'agent-row'),
      { field: 'voucher', header: t('columns.voucher'), width: 110, filter: { type: 'none' } },
      { field: 'notes', header: t('columns.notes'), width: 160, filter: { type: 'none' } },
      {
        field: 'status',
        header: t('columns.status'),
        width: 130,
        // The bookings list keeps it in view at 1366 px while its 20 columns scroll sideways, as the operator list
        // does; the commissions list keeps its money there instead.
        ...(kind === 'bookings' ? ({ pinned: 'right' } as const) : {}),
        filter: { type: 'none' },
        render: (r) => (
          <span data-testid="agent-row-status" data-status={r.status} data-declined={r.declined || undefined}>
            {t(statusWordKey(r.status, r.declined), { defaultValue: r.statusText })}
          </span>
        ),
      },
    );
    if (kind === 'bookings' && booker) {
      list.push(documentsColumn<AgentBookingRow>(tDocs('column'), 'agent-row'));
      list.push({
        field: 'canDownloadTickets',
        header: t('columns.tickets'),
        width: 110,
        sortable: false,
        filter: { type: 'none' },
        exportValue: false,
        render: (r) =>
          r.canDownloadTickets ? (
            <Button size="sm" variant="ghost" icon="download" label={t('downloadTickets')} busy={ticketsBusy.has(r.id)} onClick={() => void tickets(r.id)} data-testid="agent-row-tickets" />
          ) : null,
      });
    }
    // Filters with no options to offer would only show an empty list.
    return booker ? list : list.map((c) => (c.filterField === FILTER_KEYS.agents || c.filterField === FILTER_KEYS.hotels || c.filterField === FILTER_KEYS.offers ? { ...c, filter: { type: 'none' } } : c));
  }, [t, tDocs, kind, offerOptions, hotelOptions, agentOptions, tickets, ticketsBusy, booker]);

  // Enter on a cell with buttons (documents, tickets) goes to them first; any other cell opens the booking.
  const rowKeys = useMemo(() => (booker ? rowOpenHandlers((id) => void navigate(detailsPath(id))) : {}), [navigate, booker]);

  return (
    <div className="agent-bookings" {...rowKeys}>
      <DataTable<AgentBookingRow>
        testId="agent-bookings-table"
        title={t(kind === 'bookings' ? 'bookingsTable' : 'commissionsTable')}
        columns={columns}
        dataSource={dataSource}
        initialSort={initial.sort ?? undefined}
        initialFilters={initial.filters}
        initialPage={initial.page}
        rowClass={(r) => (r.status === 4 ? 'tbo-row--cancelled' : r.status === 1 ? 'tbo-row--pending' : undefined)}
        emptyMessage={t(emptyListKey(groupId, showMy))}
        heightOffset={96}
        toolbarExtra={
          <>
            {mineToggle && <Toggle size="sm" checked={showMy} onChange={setShowMy} label={t('onlyMine')} />}
            <Button size="sm" variant="ghost" icon="excel" label={t('export')} busy={exporting} onClick={() => void runExport()} data-testid="agent-bookings-export" />
          </>
        }
      />
    </div>
  );
}
