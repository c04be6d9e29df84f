import type { BookingForm, PhoneRow } from './booking-form.logic';

/**
 * The in-house guest's link to the arrival lists (spec 02 §4 add booking flow): what choosing one fills, what their
 * group info adds, and what dropping the link takes back. Pure, unit-tested in guest-link.logic.spec.ts.
 */

/** An in-house guest as the chooser lists them (GET /api/agent/customers/inHouse). */
export interface GuestChoice {
  arrivalId: number;
  guestName: string;
  groupId: number | null;
  groupInfoId: number | null;
  /** The group's room at the chosen hotel ('' when unknown). */
  roomNumber: string;
  /** The guest's own phones. */
  phoneNumbers: string[];
}

/** The guest's own fields, as a chosen guest filled them (the agent may have typed over any of them since). */
export type GuestFill = Pick<BookingForm, 'guestName' | 'roomNumber' | 'phones'>;

/** At least one phone row to type into. */
const phoneRows = (phones: readonly string[]): PhoneRow[] => (phones.length ? phones.map((value) => ({ value })) : [{ value: '' }]);

/** The guest's own fields as choosing the guest fills them. */
export const guestFilled = (g: GuestChoice): GuestFill => ({ guestName: g.guestName, roomNumber: g.roomNumber, phones: phoneRows(g.phoneNumbers) });

/**
 * Choosing a guest fills guest name, arrival, group and group info, and the guest's room and phones (spec 02 §4);
 * clearing resets them. The room and phones are replaced on every change of guest: the previous guest's must never
 * carry over. Most groups have no info, so the guest's own phone and room fill the form; a group's info, when it
 * has one, then adds its room and phones (groupInfoFilled).
 */
export function guestChosen(g: GuestChoice | null): Partial<BookingForm> {
  if (!g) return { arrivalId: null, groupId: null, groupInfoId: null, guestName: '', roomNumber: '', phones: [{ value: '' }] };
  return { arrivalId: g.arrivalId, groupId: g.groupId, groupInfoId: g.groupInfoId, ...guestFilled(g) };
}

/** The group's room and phones at the hotel; what the group info does not have stays the guest's own. */
export const groupInfoFilled = (info: { roomNumber: string; phoneNumbers: string[] }, guest: Pick<GuestChoice, 'roomNumber' | 'phoneNumbers'>): Pick<BookingForm, 'roomNumber' | 'phones'> => ({
  roomNumber: info.roomNumber || guest.roomNumber,
  phones: phoneRows(info.phoneNumbers.length ? info.phoneNumbers : guest.phoneNumbers),
});

/** The phones a form would send: typed ones only, in order. */
const sentPhones = (rows: readonly PhoneRow[]): string => JSON.stringify(rows.map((p) => p.value.trim()).filter((p) => p !== ''));

/**
 * Another hotel or date drops the guest's link: a guest of the arrival lists stays at one hotel on those dates. The
 * name, room and phones the guest filled go with it, or the form would book that guest at another hotel or on a day
 * they are not staying, with the old hotel's room, unlinked from their group. Each is reset only while it still
 * holds what the guest filled: what the agent typed over it since is theirs, and is kept.
 */
export function guestUnlinked(now: GuestFill, filled: GuestFill | null): Partial<BookingForm> {
  const patch: Partial<BookingForm> = { arrivalId: null, groupId: null, groupInfoId: null };
  if (!filled) return patch;
  if (now.guestName === filled.guestName) patch.guestName = '';
  if (now.roomNumber === filled.roomNumber) patch.roomNumber = '';
  if (sentPhones(now.phones) === sentPhones(filled.phones)) patch.phones = [{ value: '' }];
  return patch;
}
