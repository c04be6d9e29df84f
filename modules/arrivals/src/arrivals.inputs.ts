import { z } from 'zod';
import { ARRIVAL_SORT_FIELDS, ARRIVAL_TEXT_FIELDS } from '@tbo/read-models';
import { afterParam, businessDateInput, DEFAULT_PAGE_SIZE, idNumber, idOrZero, PG_INT_MAX, storableText, wholeNumber } from '@tbo/kernel';
import { GROUP_PHONE_MAX_LENGTH, GROUP_PHONES_MAX } from './pure/arrival-status.pure';

export const ARRIVAL_PAGE_SIZE_MAX = 200;

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .max(max, `${label} must be at most ${max} characters`)
    .superRefine(storableText(label));
const optionalDay = (label: string) => businessDateInput(label).nullish().or(z.literal('')).transform((v) => v || null);
const range = (label: string) =>
  z
    .object({ from: optionalDay(`${label} from`), to: optionalDay(`${label} to`) }, { message: `${label} must be a range` })
    .strict()
    // A reversed range can match nothing: said, rather than answered with an empty list that looks like no arrivals.
    .refine((v) => !v.from || !v.to || v.from <= v.to, { message: `${label}: from must not be after to` })
    .nullish()
    .transform((v) => v ?? { from: null, to: null });
/** Most ids one of the filter's lists may hold (each is a bind parameter of the list's query). */
export const ARRIVAL_FILTER_IDS_MAX = 500;
/** Most statuses the filter may list: there are 8 (-1 to 6). */
export const ARRIVAL_FILTER_STATUSES_MAX = 10;
// The list's own words for each check: zod would word a list too long with the type's message ('must be a list').
const ids = (label: string, what: string) =>
  z
    .array(idOrZero(label), { message: `${label} must be a list of ids` })
    .max(ARRIVAL_FILTER_IDS_MAX, `${label} must list at most ${ARRIVAL_FILTER_IDS_MAX} ${what}`)
    .nullish()
    .transform((v) => v ?? []);

/** POST /api/arrivals/filtered (and its xlsx): the arrivals filter of spec 02 §3. */
export const arrivalsFilterInput = z
  .object({
    inHouse: z.boolean({ message: 'inHouse must be true or false' }).nullish().transform((v) => v ?? true),
    groupId: idNumber('groupId').nullish().transform((v) => v ?? null),
    page: wholeNumber('page', 1, PG_INT_MAX).nullish().transform((v) => v ?? 1),
    pageSize: wholeNumber('pageSize', 1, ARRIVAL_PAGE_SIZE_MAX).nullish().transform((v) => v ?? DEFAULT_PAGE_SIZE),
    orderBy: z.enum(ARRIVAL_SORT_FIELDS, { message: `orderBy must be one of ${ARRIVAL_SORT_FIELDS.join(', ')}` }).nullish().transform((v) => v ?? 'groupId'),
    orderType: z.enum(['ASC', 'DESC', 'asc', 'desc'], { message: 'orderType must be ASC or DESC' }).nullish().transform((v) => (v ?? 'ASC').toUpperCase() as 'ASC' | 'DESC'),
    statuses: z
      .array(wholeNumber('status', -1, 6), { message: 'statuses must be a list' })
      .max(ARRIVAL_FILTER_STATUSES_MAX, `statuses must list at most ${ARRIVAL_FILTER_STATUSES_MAX} statuses`)
      .nullish()
      .transform((v) => v ?? []),
    salesStaffIds: ids('salesStaffIds', 'sales staff'),
    hotelIds: ids('hotelIds', 'hotels'),
    meetingDate: range('Meeting date'),
    arrivalDate: range('Arrival date'),
    departureDate: range('Departure date'),
    ageFrom: wholeNumber('ageFrom', 0, 150).nullish().transform((v) => v ?? null),
    ageTo: wholeNumber('ageTo', 0, 150).nullish().transform((v) => v ?? null),
    // A key the list cannot filter as text is named as such, not called a wrong type (age has ageFrom and ageTo).
    filters: z
      .partialRecord(z.enum(ARRIVAL_TEXT_FIELDS), text('Filter', 100).nullish(), {
        error: (issue) => (issue.code === 'invalid_type' ? 'filters must be an object' : `filters: no text column named ${unknownFilterKeys(issue.input)}`),
      })
      .nullish()
      .transform((v) => v ?? {}),
    after: afterParam,
  })
  .strict()
  .refine((v) => v.ageFrom === null || v.ageTo === null || v.ageFrom <= v.ageTo, { message: 'ageFrom must not be above ageTo', path: ['ageTo'] });
/** The keys of a filters object the list has no text column for (zod names them unrecognized or invalid by version). */
function unknownFilterKeys(input: unknown): string {
  const keys = input && typeof input === 'object' ? Object.keys(input) : [];
  return keys.filter((k) => !(ARRIVAL_TEXT_FIELDS as readonly string[]).includes(k)).join(', ');
}

export type ArrivalsFilterInput = z.output<typeof arrivalsFilterInput>;

const meeting = z
  .object({
    date: businessDateInput('Meeting date'),
    staffId: idNumber('staffId').nullish().transform((v) => v ?? null),
    timeStart: wholeNumber('Meeting start', 0, 1439).nullish().transform((v) => v ?? null),
    timeEnd: wholeNumber('Meeting end', 0, 1439).nullish().transform((v) => v ?? null),
    isNoTime: z.boolean().nullish().transform((v) => v ?? false),
    staffName: z.string().max(200).nullish(),
    dateTimeDisplay: z.string().max(200).nullish(),
  })
  .transform(({ staffName: _n, dateTimeDisplay: _d, ...m }) => m);

/*
 * A group info save: a field left out stays undefined, so the group keeps its stored value of it (keptGroupInfo);
 * null or empty clears it. Spec clients may send only what they change (the spec does not show the POST's body).
 */
const orCleared =
  <T>(cleared: T) =>
  (v: T | null | undefined): T | undefined =>
    v === undefined ? undefined : (v ?? cleared);

/** POST /api/arrivals/groupinfo: the group info (spec 02 §3), as the GET answers it; shown-only fields are ignored. */
export const groupInfoInput = z
  .object({
    id: z.number().nullish(),
    groupInfoId: z.number().nullish(),
    groupId: idNumber('groupId'),
    status: wholeNumber('status', -1, 6).nullish().transform(orCleared(0)),
    hotels: z
      .array(z.object({ hotelId: idOrZero('hotelId'), roomNumber: text('Room number', 50).transform((v) => v.trim()), groupInfoId: z.number().nullish() }).transform(({ groupInfoId: _g, ...h }) => h))
      .max(50, 'hotels must list at most 50 hotels')
      .nullish()
      .transform(orCleared<{ hotelId: number; roomNumber: string }[]>([])),
    notes: text('Notes', 2000).nullish().transform(orCleared('')),
    phoneNumbers: z
      .array(text('Phone number', GROUP_PHONE_MAX_LENGTH).transform((v) => v.trim()))
      .max(GROUP_PHONES_MAX, `phoneNumbers must list at most ${GROUP_PHONES_MAX} phone numbers`)
      .nullish()
      .transform((v) => orCleared<string[]>([])(v)?.filter(Boolean)),
    meetings: z.array(meeting).max(50, 'meetings must list at most 50 meetings').nullish().transform(orCleared<z.output<typeof meeting>[]>([])),
    version: wholeNumber('version', 0, PG_INT_MAX).nullish(),
    communicationStatus: z.number().nullish(),
    numberOfBookings: z.number().nullish(),
    arrivals: z.unknown().optional(),
  })
  .strict();
export type GroupInfoInput = z.output<typeof groupInfoInput>;

export const logInput = z
  .object({
    groupId: idNumber('groupId'),
    flag: z.number({ message: 'flag must be a number' }).int('flag must be a whole number'),
    note: text('Note', 2000).nullish().transform((v) => (v ?? '').trim()),
  })
  .strict();

export const importQuery = z
  .object({
    listId: z.string().regex(/^\d{1,10}$/, 'listId must be a whole number').transform(Number).pipe(idOrZero('listId')).optional().transform((v) => v ?? 0),
    name: text('name', 200).optional().transform((v) => v ?? ''),
    version: z.string().regex(/^\d{1,10}$/, 'version must be a whole number').transform(Number).pipe(wholeNumber('version', 0, PG_INT_MAX)).optional(),
  })
  .strict();

const field = (label: string, max: number) => text(label, max).nullish().transform((v) => (v ?? '').trim());
/*
 * A manual entry's fields: one left out stays undefined, so an arrival already in the list keeps its own value of it;
 * null or '' clears it. (A new arrival has nothing to keep: what is left out is blank.)
 */
const kept = <T>(v: T | null | undefined, cleared: T | null): T | null | undefined => (v === undefined ? undefined : (v ?? cleared));
const keptText = (label: string, max: number) => text(label, max).nullish().transform((v) => kept(v?.trim(), '') as string | undefined);
const keptId = (label: string) => idNumber(label).nullish().transform((v) => kept(v, null));
const keptDay = (label: string) => businessDateInput(label).nullish().or(z.literal('')).transform((v) => (v === undefined ? undefined : v || null));

/** POST /api/arrivals/manual: one arrival entered by hand. */
export const manualArrivalInput = z
  .object({
    listId: idOrZero('listId').nullish().transform((v) => v ?? 0),
    listName: field('List name', 200),
    paxId: text('Pax Id', 100).transform((v) => v.trim()).refine(Boolean, 'Pax Id is required'),
    touristName: text('Tourist name', 200).transform((v) => v.trim()).refine(Boolean, 'Tourist name is required'),
    groupId: keptId('groupId'),
    hotelId: keptId('hotelId'),
    agencyId: keptId('agencyId'),
    arrivalDate: keptDay('Arrival date'),
    departureDate: keptDay('Departure date'),
    arrivalTime: keptText('Arrival time', 20),
    departureTime: keptText('Departure time', 20),
    touristPhone: keptText('Phone', 200),
    touristCountry: keptText('Country', 100),
    age: wholeNumber('age', 0, 150).nullish().transform((v) => kept(v, null)),
    notes: keptText('Notes', 2000),
  })
  .strict()
  .refine((v) => !v.arrivalDate || !v.departureDate || v.arrivalDate <= v.departureDate, { message: 'Departure date is before the arrival date', path: ['departureDate'] });
export type ManualArrivalInput = z.output<typeof manualArrivalInput>;
