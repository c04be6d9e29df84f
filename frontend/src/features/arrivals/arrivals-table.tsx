import { useCallback, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FILTER_GROUP_STATUSES, maskPhones, splitPhones } from '@tbo/arrivals/src/pure/arrival-status.pure';
import { notify } from '../../app/notifications/notifications';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/common/button';
import { DataTable, deletedRowClass, useFileDownload, type DataTableColumn, type DataTableHandle, type FilterOption, type TableDataSource } from '../../ui/data-table';
import { formatDate } from '../../ui/format/date';
import { downloadArrivals, fetchArrivals, fetchGroup, fetchHotelsWithArrivals, fetchSales, saveGroupInfo, type ArrivalRow, type ArrivalsBody } from './api/arrivals.api';
import { ArrivalStatusLabel } from './arrival-status-label';
import { DEFAULT_SORT, toArrivalsBody } from './arrivals-query';

export const ARRIVALS_FILE_NAME = 'arrivals.xlsx';

/** A row with its phones as one editable text (the table shows them hidden until edited). */
export type ArrivalTableRow = ArrivalRow & { phoneText: string };

export interface ArrivalsTableProps {
  inHouse: boolean;
  groupId: number | null;
  onOpenGroup: (groupId: number) => void;
  tableRef?: React.Ref<DataTableHandle>;
  toolbarExtra?: React.ReactNode;
}

const day = (v: unknown) => (v ? formatDate(String(v)) : '');

/** The wide arrivals table of spec 02 §2: every column with its filter, inline edit of phone, room and notes. */
export function ArrivalsTable({ inHouse, groupId, onOpenGroup, tableRef, toolbarExtra }: ArrivalsTableProps) {
  const { t } = useTranslation('arrivals');
  const lastBody = useRef<ArrivalsBody | null>(null);
  const hotels = useQuery({ queryKey: ['arrivals', 'hotels'], queryFn: fetchHotelsWithArrivals, staleTime: 30_000 });
  const sales = useQuery({ queryKey: ['arrivals', 'sales'], queryFn: fetchSales, staleTime: 60_000 });

  const knownHotels = useRef<Set<number> | null>(null);
  knownHotels.current = hotels.data ? new Set(hotels.data.map((h) => h.id)) : null;
  const refetchHotels = hotels.refetch;

  const dataSource = useCallback<TableDataSource<ArrivalTableRow>>(
    async (filter, signal) => {
      const body = toArrivalsBody(filter, inHouse, groupId);
      lastBody.current = body;
      const answer = await fetchArrivals(body, signal);
      // The hotel options are read apart from the list and may predate an import still being projected: a listed hotel they lack means they are stale.
      const known = knownHotels.current;
      if (known && answer.entities.some((r) => !known.has(r.hotelId ?? 0))) void refetchHotels();
      return { ...answer, entities: answer.entities.map((r) => ({ ...r, phoneText: r.phones.join(', ') })) };
    },
    [inHouse, groupId, refetchHotels],
  );

  const { exporting, runExport } = useFileDownload(() => lastBody.current && downloadArrivals(lastBody.current), ARRIVALS_FILE_NAME);

  /** Saves the row's phone, room and notes into its group's info, on the group's current version. */
  const onSave = useCallback(
    async (row: ArrivalTableRow): Promise<ArrivalTableRow> => {
      if (row.groupId === null) throw new ApiError(400, t('edit.noGroup'), t('edit.noGroup'));
      const group = await fetchGroup(row.groupId);
      const hotelId = row.hotelId ?? 0;
      const hotels = group.hotels.some((h) => h.hotelId === hotelId)
        ? group.hotels.map((h) => (h.hotelId === hotelId ? { ...h, roomNumber: row.roomNumber.trim() } : h))
        : [...group.hotels, { hotelId, roomNumber: row.roomNumber.trim() }];
      const phones = splitPhones(row.phoneText);
      try {
        await saveGroupInfo({
          groupId: row.groupId,
          status: group.status ?? 0,
          hotels: hotels.filter((h) => h.roomNumber),
          notes: row.notes.trim(),
          phoneNumbers: phones,
          meetings: group.meetings.map(({ date, staffId, timeStart, timeEnd, isNoTime }) => ({ date, staffId, timeStart, timeEnd, isNoTime })),
          version: group.version,
        });
      } catch (err) {
        if (err instanceof ApiError && err.code === 409) throw new ApiError(409, t('edit.conflictTitle'), t('edit.conflict'));
        throw err;
      }
      notify({ title: t('edit.savedTitle'), message: t('edit.saved', { groupId: row.groupId }), kind: 'success' });
      return { ...row, phones, phoneText: phones.join(', '), phoneDisplay: maskPhones(phones), roomNumber: row.roomNumber.trim(), notes: row.notes.trim() };
    },
    [t],
  );

  // The filter's choices in spec 02 §4's words ('Pending', not the row's 'No Comm.').
  const statusOptions = useMemo<FilterOption<number>[]>(() => FILTER_GROUP_STATUSES.map((s) => ({ value: s, label: t(`statusChoice.s${s}`) })), [t]);
  const hotelOptions = useMemo<FilterOption<number>[]>(() => (hotels.data ?? []).map((h) => ({ value: h.id, label: h.id === 0 ? t('noHotel') : h.name })), [hotels.data, t]);
  const salesOptions = useMemo<FilterOption<number>[]>(() => (sales.data ?? []).map((s) => ({ value: s.id, label: s.name })), [sales.data]);

  const columns = useMemo<DataTableColumn<ArrivalTableRow>[]>(
    () => [
      { field: 'status', header: t('columns.status'), width: 150, pinned: 'left', filter: { type: 'multi-select-number', options: statusOptions }, render: (r) => <ArrivalStatusLabel row={r} />, exportValue: (r) => r.statusText },
      { field: 'salesStaffNames', header: t('columns.salesStaff'), width: 150, filter: { type: 'multi-select-number', options: salesOptions } },
      { field: 'meetingDate', header: t('columns.meetingDate'), width: 200, filter: { type: 'optional-date-range' }, format: day },
      {
        field: 'groupId',
        header: t('columns.groupId'),
        width: 100,
        pinned: 'left',
        filter: groupId === null ? { type: 'text-number' } : { type: 'none' },
        render: (r) =>
          r.groupId === null ? null : (
            <button type="button" className="arrivals-group-link" data-testid="arrivals-row-group" onClick={() => onOpenGroup(r.groupId!)} title={t('openGroup')}>
              {r.groupId}
            </button>
          ),
      },
      {
        field: 'hotelName',
        header: t('columns.hotel'),
        width: 180,
        filter: { type: 'multi-select-number', options: hotelOptions },
        render: (r) =>
          r.hotelName ? (
            <span className="arrivals-hotel" data-testid="arrivals-row-hotel" title={r.hotelName}>
              {r.hotelName}
            </span>
          ) : (
            <span className="arrivals-no-hotel" data-testid="arrivals-row-hotel">
              {t('noHotel')}
            </span>
          ),
        exportValue: (r) => r.hotelDisplay,
      },
      { field: 'touristName', header: t('columns.touristName'), width: 190, filter: { type: 'text' }, render: (r) => <span data-testid="arrivals-row-name">{r.touristName}</span> },
      {
        field: 'phoneText',
        header: t('columns.phone'),
        width: 170,
        sortable: false,
        filterField: 'phone',
        filter: { type: 'text' },
        editor: { type: 'text', maxLength: 200 },
        render: (r) => <span data-testid="arrivals-row-phone" title={r.phones.length ? t('phoneHidden') : undefined}>{r.phoneDisplay}</span>,
        exportValue: (r) => r.phoneDisplay,
      },
      { field: 'roomNumber', header: t('columns.roomNumber'), width: 110, filter: { type: 'text' }, editor: { type: 'text', maxLength: 50 }, render: (r) => <span data-testid="arrivals-row-room">{r.roomNumber}</span> },
      { field: 'age', header: t('columns.age'), width: 80, align: 'right', filter: { type: 'text-number' } },
      { field: 'touristCountry', header: t('columns.country'), width: 120, filter: { type: 'text' } },
      { field: 'tdAgencyName', header: t('columns.agency'), width: 160, filter: { type: 'text' } },
      { field: 'arrivalDate', header: t('columns.arrivalDate'), width: 200, filter: { type: 'optional-date-range' }, format: day },
      { field: 'arrivalTime', header: t('columns.arrivalTime'), width: 100, filter: { type: 'text' } },
      { field: 'notes', header: t('columns.notes'), width: 220, filter: { type: 'text' }, editor: { type: 'text', maxLength: 2000 }, render: (r) => <span data-testid="arrivals-row-notes">{r.notes}</span> },
      { field: 'arrivalTerminal', header: t('columns.arrivalTerminal'), width: 110, sortable: false, filter: { type: 'text' } },
      { field: 'arrivalFlight', header: t('columns.arrivalFlight'), width: 110, filter: { type: 'text' } },
      { field: 'arrivalTransport', header: t('columns.arrivalTransport'), width: 120, sortable: false, filter: { type: 'text' } },
      { field: 'roomType', header: t('columns.roomType'), width: 110, sortable: false, filter: { type: 'text' } },
      { field: 'accType', header: t('columns.accType'), width: 120, sortable: false, filter: { type: 'text' } },
      { field: 'mealType', header: t('columns.mealType'), width: 90, sortable: false, filter: { type: 'text' } },
      { field: 'departureDate', header: t('columns.departureDate'), width: 200, filter: { type: 'optional-date-range' }, format: day },
      { field: 'departureTime', header: t('columns.departureTime'), width: 100, filter: { type: 'text' } },
      { field: 'departureFlight', header: t('columns.departureFlight'), width: 110, filter: { type: 'text' } },
      { field: 'departureTerminal', header: t('columns.departureTerminal'), width: 110, sortable: false, filter: { type: 'text' } },
      { field: 'departureTransport', header: t('columns.departureTransport'), width: 120, sortable: false, filter: { type: 'text' } },
      { field: 'pickUpTime', header: t('columns.pickUpTime'), width: 140, sortable: false, filter: { type: 'text' } },
      { field: 'hotelConfirmationNumber', header: t('columns.hotelConfirmation'), width: 150, sortable: false, filter: { type: 'text' } },
      { field: 'agentConfirmationNumber', header: t('columns.agentConfirmation'), width: 150, sortable: false, filter: { type: 'text' } },
    ],
    [t, statusOptions, salesOptions, hotelOptions, groupId, onOpenGroup],
  );

  return (
    <div className="arrivals-list">
      <DataTable<ArrivalTableRow>
        testId="arrivals-table"
        tableRef={tableRef}
        title={t('tableTitle')}
        columns={columns}
        dataSource={dataSource}
        initialSort={DEFAULT_SORT}
        onSave={onSave}
        canEdit={(r) => r.groupId !== null && !r.isDeleted}
        actionsHeader={t('columns.edit')}
        rowClass={deletedRowClass}
        emptyMessage={t('empty')}
        heightOffset={120}
        toolbarExtra={
          <>
            {toolbarExtra}
            <Button size="sm" variant="ghost" icon="excel" label={t('export')} busy={exporting} onClick={() => void runExport()} data-testid="arrivals-export" />
          </>
        }
      />
    </div>
  );
}
