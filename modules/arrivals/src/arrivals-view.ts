import type { ArrivalListRow, ArrivalRow } from '@tbo/read-models';
import { minutesToTime } from '@tbo/kernel';
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

/** 'YYYY-MM-DD' → 'DD.MM.YYYY' ('' for none), as the arrivals table and its sheet write dates. */
export const dmy = (iso: string | null) => (iso ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : '');

/** A meeting as shown: 'DD.MM.YYYY HH:MM–HH:MM' or 'DD.MM.YYYY (no time)'. */
export const meetingDisplay = (m: { date: string; timeStart: number | null; timeEnd: number | null; isNoTime: boolean }) =>
  m.isNoTime || m.timeStart === null ? `${dmy(m.date)} (no time)` : `${dmy(m.date)} ${minutesToTime(m.timeStart)}–${minutesToTime(m.timeEnd ?? m.timeStart)}`;
