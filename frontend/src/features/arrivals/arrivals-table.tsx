import { useCallback, useImperativeHandle, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { FILTER_GROUP_STATUSES, maskPhones } from '@tbo/arrivals/src/pure/arrival-status.pure';
import { notifySaveFailure } from '../../app/forms/save-error';
import { notify } from '../../app/notifications/notifications';
import { ApiError } from '../../lib/api-client';
import { Button } from '../../ui/common/button';
import { DataTable, deletedRowClass, useFileDownload, type DataTableColumn, type DataTableHandle, type FilterOption, type TableDataSource } from '../../ui/data-table';
import { formatDate } from '../../ui/format/date';
import { downloadArrivals, fetchArrivals, fetchGroup, fetchHotelsWithArrivals, fetchSales, saveGroupInfo, type ArrivalRow, type ArrivalsBody } from './api/arrivals.api';
import { ArrivalStatusLabel } from './arrival-status-label';
import { groupInfoProblem } from './arrivals-panel.logic';
import { DEFAULT_SORT, toArrivalsBody } from './arrivals-query';
import { editedFields, rowEditPayload, withHeaderTooltips, type RowEditFields } from './arrivals-table.logic';

export const ARRIVALS_FILE_NAME = 'arrivals.xlsx';

/**
 * A row with its phones as one editable text (the table shows them hidden until edited), and its editable fields
 * as loaded: a save sends only the ones changed from these.
 */
export type ArrivalTableRow = ArrivalRow & { phoneText: string; loaded: RowEditFields };

const withEditFields = (r: ArrivalRow): ArrivalTableRow => {
  const phoneText = r.phones.join(', ');
  return { ...r, phoneText, loaded: { phoneText, roomNumber: r.roomNumber, notes: r.notes } };
};

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
  const table = useRef<DataTableHandle>(null);
  useImperativeHandle(tableRef, () => ({ refresh: () => table.current?.refresh(), clearFilters: () => table.current?.clearFilters(), getFilter: () => table.current!.getFilter() }), []);
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
      return { ...answer, entities: answer.entities.map(withEditFields) };
    },
    [inHouse, groupId, refetchHotels],
  );

  const { exporting, runExport } = useFileDownload(() => lastBody.current && downloadArrivals(lastBody.current), ARRIVALS_FILE_NAME);

  /**
   * Saves the fields edited in the row into its group's info, on the version the row was loaded at. A 409 (the group
   * changed since) drops the edit and reloads the page: the row then shows the colleague's change to edit again.
   */
  const onSave = useCallback(
    async (row: ArrivalTableRow): Promise<ArrivalTableRow> => {
      if (row.groupId === null) throw new ApiError(400, t('edit.noGroup'), t('edit.noGroup'));
      const edited = editedFields({ ...row, groupId: row.groupId });
      if (!Object.keys(edited).length) return { ...row, ...row.loaded };
      const problem = edited.phones ? groupInfoProblem({ phones: edited.phones }, t) : null;
      if (problem) {
        // Said before asking the server, whose refusal names the field by its key. Thrown as an ApiError, as a
        // refused call would be: the row stays in edit, and the table adds no 'save failed' of its own.
        notify({ title: t('edit.invalidTitle'), message: problem, kind: 'error' });
        throw new ApiError(400, t('edit.invalidTitle'), problem);
      }
      const group = await fetchGroup(row.groupId);
      let saved: Awaited<ReturnType<typeof saveGroupInfo>>;
      try {
        saved = await saveGroupInfo(rowEditPayload(group, { ...row, groupId: row.groupId }));
      } catch (err) {
        if (!(err instanceof ApiError) || err.code !== 409) {
          // The call is silent and the table shows a failed call's error nowhere: say it here.
          notifySaveFailure(err);
          throw err;
        }
        notify({ title: t('edit.conflictTitle'), message: t('edit.conflict', { groupId: row.groupId }), kind: 'error' });
        table.current?.refresh();
        return { ...row, ...row.loaded };
      }
      notify({ title: t('edit.savedTitle'), message: t('edit.saved', { groupId: row.groupId }), kind: 'success' });
      // The group's other rows on the page still show its old info and version: read them again.
      table.current?.refresh();
      const phones = edited.phones ?? row.phones;
      const shown = { phoneText: phones.join(', '), roomNumber: edited.roomNumber ?? row.loaded.roomNumber, notes: edited.notes ?? row.loaded.notes };
      return { ...row, ...shown, phones, phoneDisplay: maskPhones(phones), groupVersion: saved.version ?? row.groupVersion, loaded: shown };
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
        // A name the list gave that matched none of the hotels is kept as written, but marked like 'No Hotel' (red):
        // for the filter and the agents' in-house lists the guest has no hotel.
        render: (r) =>
          r.hotelName ? (
            <span className={r.hotelId ? 'arrivals-hotel' : 'arrivals-hotel arrivals-no-hotel'} data-testid="arrivals-row-hotel" title={r.hotelId ? r.hotelName : t('hotelUnmatched', { name: r.hotelName })}>
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
      { field: 'age', header: t('columns.age'), width: 100, align: 'right', filter: { type: 'text-number' } },
      { field: 'touristCountry', header: t('columns.country'), width: 120, filter: { type: 'text' } },
      { field: 'tdAgencyName', header: t('columns.agency'), width: 160, filter: { type: 'text' } },
      { field: 'arrivalDate', header: t('columns.arrivalDate'), width: 200, filter: { type: 'optional-date-range' }, format: day },
      { field: 'arrivalTime', header: t('columns.arrivalTime'), width: 140, filter: { type: 'text' } },
      { field: 'notes', header: t('columns.notes'), width: 220, filter: { type: 'text' }, editor: { type: 'text', maxLength: 2000 }, render: (r) => <span data-testid="arrivals-row-notes">{r.notes}</span> },
      // The guest's own notes (the list's or the manual entry's), read-only: the editable Notes are the group's.
      { field: 'arrivalNotes', header: t('columns.guestNotes'), width: 220, filter: { type: 'text' }, render: (r) => <span data-testid="arrivals-row-guest-notes" title={r.arrivalNotes || undefined}>{r.arrivalNotes}</span> },
      { field: 'arrivalTerminal', header: t('columns.arrivalTerminal'), width: 110, sortable: false, filter: { type: 'text' } },
      { field: 'arrivalFlight', header: t('columns.arrivalFlight'), width: 110, filter: { type: 'text' } },
      { field: 'arrivalTransport', header: t('columns.arrivalTransport'), width: 120, sortable: false, filter: { type: 'text' } },
      { field: 'roomType', header: t('columns.roomType'), width: 110, sortable: false, filter: { type: 'text' } },
      { field: 'accType', header: t('columns.accType'), width: 120, sortable: false, filter: { type: 'text' } },
      { field: 'mealType', header: t('columns.mealType'), width: 90, sortable: false, filter: { type: 'text' } },
      { field: 'departureDate', header: t('columns.departureDate'), width: 200, filter: { type: 'optional-date-range' }, format: day },
      { field: 'departureTime', header: t('columns.departureTime'), width: 140, filter: { type: 'text' } },
      { field: 'departureFlight', header: t('columns.departureFlight'), width: 110, filter: { type: 'text' } },
      { field: 'departureTerminal', header: t('columns.departureTerminal'), width: 110, sortable: false, filter: { type: 'text' } },
      { field: 'departureTransport', header: t('columns.departureTransport'), width: 120, sortable: false, filter: { type: 'text' } },
      { field: 'pickUpTime', header: t('columns.pickUpTime'), width: 140, sortable: false, filter: { type: 'text' } },
      { field: 'hotelConfirmationNumber', header: t('columns.hotelConfirmation'), width: 150, sortable: false, filter: { type: 'text' } },
      { field: 'agentConfirmationNumber', header: t('columns.agentConfirmation'), width: 150, sortable: false, filter: { type: 'text' } },
    ],
    [t, statusOptions, salesOptions, hotelOptions, groupId, onOpenGroup],
  );
  const shownColumns = useMemo(() => withHeaderTooltips(columns), [columns]);

  return (
    <div className="arrivals-list">
      <DataTable<ArrivalTableRow>
        testId="arrivals-table"
        tableRef={table}
        title={t('tableTitle')}
        columns={shownColumns}
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
