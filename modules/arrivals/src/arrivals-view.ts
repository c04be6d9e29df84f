import type { ArrivalListRow, ArrivalRow } from '@tbo/read-models';
import { minutesToTime, type CellValue, type ExcelColumn } from '@tbo/kernel';
import { dubaiToday } from '@tbo/scheduling';
import { arrivalDisplayStatus, maskPhones } from './pure/arrival-status.pure';

/** An arrival as POST /api/arrivals/filtered answers it: the row, its display status and its phones hidden. */
export interface ArrivalAnswer extends ArrivalRow {
  statusText: string;
  /** The group's numbers, else the tourist's own (full: the table masks them until edited). */
  phones: string[];
  phoneDisplay: string;
  hotelDisplay: string;
}

export function arrivalAnswer(r: ArrivalRow): ArrivalAnswer {
  const { label } = arrivalDisplayStatus({ isDeleted: r.isDeleted, numberOfBookings: r.numberOfBookings, groupStatus: r.groupStatus, communicationStatus: r.communicationStatus, departureDate: r.departureDate, today: dubaiToday() });
  const phones = r.phoneNumbers.length ? r.phoneNumbers : r.touristPhone ? [r.touristPhone] : [];
  return { ...r, statusText: label, phones, phoneDisplay: maskPhones(phones), hotelDisplay: r.hotelName || (r.hotelId === null ? 'No Hotel' : '') };
}

/**
 * A row of POST /api/arrivals/filtered's page: spec 02 §3 Arrival's meetings too, as the group panel gives them
 * (with dateTimeDisplay). The export's rows (ArrivalAnswer) have none.
 */
export interface ArrivalPageAnswer extends ArrivalAnswer {
  meetings: (ArrivalListRow['meetings'][number] & { dateTimeDisplay: string })[];
}

export function arrivalPageAnswer(r: ArrivalListRow): ArrivalPageAnswer {
  return { ...arrivalAnswer(r), meetings: r.meetings.map((m) => ({ ...m, dateTimeDisplay: meetingDisplay(m) })) };
}

const dmy = (iso: string | null) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');

/** arrivals.xlsx: the table's columns in its order (spec 02 §2). */
export const ARRIVAL_SHEET: { header: string; width: number; cell: (a: ArrivalAnswer) => CellValue }[] = [
  { header: 'Status', width: 16, cell: (a) => a.statusText },
  { header: 'Sales staff', width: 20, cell: (a) => a.salesStaffNames },
  { header: 'Meeting date', width: 12, cell: (a) => dmy(a.meetingDate) },
  { header: 'GroupId', width: 10, cell: (a) => a.groupId },
  { header: 'Hotel', width: 28, cell: (a) => a.hotelDisplay },
  { header: 'Tourist name', width: 26, cell: (a) => a.touristName },
  { header: 'Phone', width: 20, cell: (a) => a.phoneDisplay },
  { header: 'Room number', width: 10, cell: (a) => a.roomNumber },
  { header: 'Age', width: 6, cell: (a) => a.age },
  { header: 'Country', width: 14, cell: (a) => a.touristCountry },
  { header: 'Agency', width: 20, cell: (a) => a.tdAgencyName },
  { header: 'Arrival date', width: 12, cell: (a) => dmy(a.arrivalDate) },
  { header: 'Arrival time', width: 10, cell: (a) => a.arrivalTime },
  { header: 'Notes', width: 30, cell: (a) => a.notes },
  { header: 'Guest notes', width: 30, cell: (a) => a.arrivalNotes },
  { header: 'Arrival terminal', width: 10, cell: (a) => a.arrivalTerminal },
  { header: 'Arrival flight', width: 10, cell: (a) => a.arrivalFlight },
  { header: 'Arrival transport', width: 12, cell: (a) => a.arrivalTransport },
  { header: 'Room type', width: 10, cell: (a) => a.roomType },
  { header: 'Accommodation type', width: 12, cell: (a) => a.accType },
  { header: 'Meal type', width: 8, cell: (a) => a.mealType },
  { header: 'Departure date', width: 12, cell: (a) => dmy(a.departureDate) },
  { header: 'Departure time', width: 10, cell: (a) => a.departureTime },
  { header: 'Departure flight', width: 10, cell: (a) => a.departureFlight },
  { header: 'Departure terminal', width: 10, cell: (a) => a.departureTerminal },
  { header: 'Departure transport', width: 12, cell: (a) => a.departureTransport },
  { header: 'Pick-up time', width: 12, cell: (a) => a.pickUpTime },
  { header: 'Hotel confirmation number', width: 16, cell: (a) => a.hotelConfirmationNumber },
  { header: 'Agent confirmation number', width: 16, cell: (a) => a.agentConfirmationNumber },
];
export const ARRIVAL_SHEET_COLUMNS: ExcelColumn[] = ARRIVAL_SHEET.map(({ header, width }) => ({ header, width }));
export const arrivalCells = (a: ArrivalAnswer): CellValue[] => ARRIVAL_SHEET.map((c) => c.cell(a));

/** A meeting as shown: 'DD.MM.YYYY HH:MM–HH:MM' or 'DD.MM.YYYY (no time)'. */
export const meetingDisplay = (m: { date: string; timeStart: number | null; timeEnd: number | null; isNoTime: boolean }) =>
  m.isNoTime || m.timeStart === null ? `${dmy(m.date)} (no time)` : `${dmy(m.date)} ${minutesToTime(m.timeStart)}–${minutesToTime(m.timeEnd ?? m.timeStart)}`;
