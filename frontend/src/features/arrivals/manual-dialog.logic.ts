import type { ManualArrival } from './api/manual-arrival';

/** The fields an arrival entered by hand cannot go without (spec 02: 'Pax Id is required', 'Tourist name is required'). */
export const REQUIRED_MANUAL_FIELDS = ['paxId', 'touristName'] as const;
export type RequiredManualField = (typeof REQUIRED_MANUAL_FIELDS)[number];

/** The required fields left empty, in the form's order; blanks count as empty (the server trims them). */
export function missingManualFields(values: Readonly<Record<RequiredManualField, string>>): RequiredManualField[] {
  return REQUIRED_MANUAL_FIELDS.filter((k) => !values[k].trim());
}

/**
 * The message key of each missing field the user has been told about: a field once left (blurred), or every one
 * after a Save was tried. A field not yet visited stays quiet, so an opened dialog is not all red.
 */
export function manualFieldErrors(
  values: Readonly<Record<RequiredManualField, string>>,
  visited: ReadonlySet<RequiredManualField>,
  saveTried: boolean,
): Partial<Record<RequiredManualField, `manual.required.${RequiredManualField}`>> {
  const shown: Partial<Record<RequiredManualField, `manual.required.${RequiredManualField}`>> = {};
  for (const k of missingManualFields(values)) if (saveTried || visited.has(k)) shown[k] = `manual.required.${k}`;
  return shown;
}

/** The dialog's fields as typed (ids as text; '' is a field left blank or 'none' chosen). */
export interface ManualDraft {
  listId: number;
  paxId: string;
  touristName: string;
  groupId: string;
  hotelId: string;
  agencyId: string;
  arrivalDate: string;
  arrivalTime: string;
  departureDate: string;
  departureTime: string;
  touristPhone: string;
  touristCountry: string;
  age: string;
  notes: string;
}

const wholeNumber = (s: string) => (/^\d+$/.test(s.trim()) ? Number(s.trim()) : undefined);
const filled = (s: string) => s.trim() || undefined;

/**
 * POST /api/arrivals/manual's body: the fields filled in only. The same pax id changes an arrival already in the
 * list 'in the fields given only', and null or '' clears a field there: sending every blank field would wipe the
 * guest's group, hotel and dates when the manager only meant to add a phone.
 */
export function manualArrivalBody(v: Readonly<ManualDraft>): ManualArrival {
  const body: ManualArrival = { listId: v.listId, listName: '', paxId: v.paxId, touristName: v.touristName };
  const given: Omit<ManualArrival, 'listId' | 'listName' | 'paxId' | 'touristName'> = {
    groupId: wholeNumber(v.groupId),
    hotelId: wholeNumber(v.hotelId),
    agencyId: wholeNumber(v.agencyId),
    arrivalDate: filled(v.arrivalDate),
    departureDate: filled(v.departureDate),
    arrivalTime: filled(v.arrivalTime),
    departureTime: filled(v.departureTime),
    touristPhone: filled(v.touristPhone),
    touristCountry: filled(v.touristCountry),
    age: wholeNumber(v.age),
    notes: filled(v.notes),
  };
  for (const [k, value] of Object.entries(given)) if (value !== undefined) Object.assign(body, { [k]: value });
  return body;
}
