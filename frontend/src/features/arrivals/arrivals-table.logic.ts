import { splitPhones } from '@tbo/arrivals/src/pure/arrival-status.pure';

// The group's shapes are spelled here rather than imported from the API client, so that server-side tests can
// build a table save with this very code without the browser's modules.
interface GroupInfoShape {
  status: number | null;
  hotels: { hotelId: number; roomNumber: string }[];
  notes: string;
  phoneNumbers: string[];
  meetings: { date: string; staffId: number | null; timeStart: number | null; timeEnd: number | null; isNoTime: boolean }[];
}

/** POST /api/arrivals/groupinfo's body (GroupInfoPayload of the API client). */
export interface RowEditSave extends Omit<GroupInfoShape, 'status'> {
  groupId: number;
  status: number;
  version: number | null;
}

/** The row's editable fields, as typed in the table (phones as one text). */
export interface RowEditFields {
  phoneText: string;
  roomNumber: string;
  notes: string;
}

/** What a row edit saves from: the row as edited, what it showed when loaded, and the group version it was loaded at. */
export interface RowEdit extends RowEditFields {
  groupId: number;
  hotelId: number | null;
  groupVersion: number | null;
  loaded: RowEditFields;
}

/** The fields the user changed (blanks and separators aside): only these may go over the group's info. */
export function editedFields(row: RowEdit): { phones?: string[]; roomNumber?: string; notes?: string } {
  const phones = splitPhones(row.phoneText);
  return {
    ...(phones.join(',') !== splitPhones(row.loaded.phoneText).join(',') ? { phones } : {}),
    ...(row.roomNumber.trim() !== row.loaded.roomNumber.trim() ? { roomNumber: row.roomNumber.trim() } : {}),
    ...(row.notes.trim() !== row.loaded.notes.trim() ? { notes: row.notes.trim() } : {}),
  };
}

/**
 * The group info a row edit saves: the group's as read, with only the edited fields changed, on the version the row
 * was loaded at. The row shows a few of the group's fields (and a tourist's own phone when the group has none), so
 * sending the row's unedited values back would undo a colleague's change made since; and the version read now would
 * hide that change from the server. With the row's version, a change made meanwhile answers 409 instead.
 */
export function rowEditPayload(group: GroupInfoShape, row: RowEdit): RowEditSave {
  const edited = editedFields(row);
  const hotelId = row.hotelId ?? 0;
  let hotels = group.hotels.map(({ hotelId: id, roomNumber }) => ({ hotelId: id, roomNumber }));
  if (edited.roomNumber !== undefined) {
    const room = edited.roomNumber;
    hotels = hotels.some((h) => h.hotelId === hotelId) ? hotels.map((h) => (h.hotelId === hotelId ? { ...h, roomNumber: room } : h)) : [...hotels, { hotelId, roomNumber: room }];
  }
  return {
    groupId: row.groupId,
    status: group.status ?? 0,
    hotels: hotels.filter((h) => h.roomNumber),
    notes: edited.notes ?? group.notes,
    phoneNumbers: edited.phones ?? group.phoneNumbers,
    meetings: group.meetings.map(({ date, staffId, timeStart, timeEnd, isNoTime }) => ({ date, staffId, timeStart, timeEnd, isNoTime })),
    version: row.groupVersion,
  };
}

/** Each column's header is also its tooltip (one it sets stays): a long Russian header in a narrow column stays readable. */
export const withHeaderTooltips = <C extends { header: string; headerTooltip?: string }>(columns: readonly C[]): C[] => columns.map((c) => ({ ...c, headerTooltip: c.headerTooltip ?? c.header }));
