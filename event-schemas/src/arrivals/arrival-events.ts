import { z } from 'zod';
import { BIRTH_MIN_YEAR, DATE_MAX_YEAR, PG_INT_MAX, isDateInRange, isStorableText, storedInstant } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';
import { businessDate } from '../scheduling/departure-events';

/**
 * Arrivals (spec 02 §3). Two kinds of stream:
 * - `arrivallist-<id>`: a supplier's arrival list (a hotel's or tour operator's rooming list). An import appends
 *   its changes in one append of a few large events (at most ARRIVALS_PER_EVENT arrivals each), not one per row,
 *   so 10,000 rows are a single round trip and the projection inserts them in big batches.
 * - `arrivalgroup-<supplierId>.<groupId>`: the group info of the arrivals sharing a groupId (status, rooms,
 *   phones, notes, meetings) and every contact with the group (`GroupCommunicationLogged`).
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const text = (max: number) => z.string().max(max).refine(isStorableText, 'must be storable text');

/** Arrivals one event carries: keeps an event a few hundred kilobytes and a projection insert under Postgres's parameter limit. */
export const ARRIVALS_PER_EVENT = 500;
/** Arrivals one list may hold. */
export const ARRIVALS_PER_LIST_MAX = 50_000;

/** Every field an arrival list row gives (the file's columns, or the manual entry form). */
export const ArrivalFields = z.object({
  paxId: text(100),
  touristName: text(200),
  groupId: id.nullable(),
  hotelId: id.nullable(),
  hotelName: text(200),
  agencyId: id.nullable(),
  tdAgencyName: text(200),
  arrivalDate: businessDate.nullable(),
  arrivalTime: text(20),
  departureDate: businessDate.nullable(),
  departureTime: text(20),
  birthDate: z.iso.date().refine((v) => isDateInRange(v, BIRTH_MIN_YEAR), `must be a date between the years ${BIRTH_MIN_YEAR} and ${DATE_MAX_YEAR}`).nullable(),
  age: z.number().int().min(0).max(150).nullable(),
  touristPhone: text(200),
  touristEmail: text(200),
  touristCountry: text(100),
  roomType: text(100),
  accType: text(100),
  mealType: text(100),
  arrivalFlight: text(50),
  arrivalTerminal: text(50),
  arrivalTransport: text(100),
  departureFlight: text(50),
  departureTerminal: text(50),
  departureTransport: text(100),
  pickUpTime: text(100),
  hotelConfirmationNumber: text(100),
  agentConfirmationNumber: text(100),
  notes: text(2000),
});
export type ArrivalFieldsData = z.infer<typeof ArrivalFields>;

export const StoredArrival = ArrivalFields.extend({ id, isManuallyEntered: z.boolean() });
export type StoredArrivalData = z.infer<typeof StoredArrival>;

const listKey = { listId: id, supplierId: id };
export const ArrivalListCreated = z.object({ ...listKey, name: text(200).refine((n) => n.trim() !== '', 'name is required') });
export const ArrivalsAdded = z.object({ ...listKey, arrivals: z.array(StoredArrival).min(1).max(ARRIVALS_PER_EVENT) });
export const ArrivalsChanged = z.object({ ...listKey, arrivals: z.array(StoredArrival).min(1).max(ARRIVALS_PER_EVENT) });
/** Arrivals no longer in a re-imported file: kept, marked deleted. */
export const ArrivalsRemoved = z.object({ ...listKey, ids: z.array(id).min(1).max(ARRIVALS_PER_EVENT) });

/** Group info status (spec 02 §4): -1 Deleted … 6 Non Tourist. */
export const groupInfoStatus = z.number().int().min(-1).max(6);
export const GroupMeeting = z.object({
  date: businessDate,
  staffId: id.nullable(),
  staffName: text(200),
  timeStart: z.number().int().min(0).max(1439).nullable(),
  timeEnd: z.number().int().min(0).max(1439).nullable(),
  isNoTime: z.boolean(),
});
export const GroupHotelRoom = z.object({ hotelId: z.number().int().min(0).max(PG_INT_MAX), roomNumber: text(50) });

const groupKey = { groupInfoId: id, supplierId: id, groupId: id };
export const GroupInfoSaved = z.object({
  ...groupKey,
  status: groupInfoStatus,
  hotels: z.array(GroupHotelRoom).max(50),
  notes: text(2000),
  phoneNumbers: z.array(text(50)).max(20),
  meetings: z.array(GroupMeeting).max(50),
});
/** Communication flags (spec 02 §4): one bit per contact, 1..128. */
export const GroupCommunicationLogged = z.object({
  ...groupKey,
  flag: z.number().int().refine((f) => [1, 2, 4, 8, 16, 32, 64, 128].includes(f), 'one communication flag'),
  note: text(2000),
  byUserId: id.nullable(),
  byName: text(200),
  at: storedInstant(),
});

export type GroupInfoSavedData = z.infer<typeof GroupInfoSaved>;
export type GroupMeetingData = z.infer<typeof GroupMeeting>;

export const arrivalListEventTypes = { ArrivalListCreated, ArrivalsAdded, ArrivalsChanged, ArrivalsRemoved };
export type ArrivalListEvent = EventUnion<typeof arrivalListEventTypes>;
export const arrivalGroupEventTypes = { GroupInfoSaved, GroupCommunicationLogged };
export type ArrivalGroupEvent = EventUnion<typeof arrivalGroupEventTypes>;

const arrival: StoredArrivalData = {
  id: 1, isManuallyEntered: false, paxId: 'P-1', touristName: 'Ivan Petrov', groupId: 77, hotelId: 3, hotelName: 'Armani', agencyId: 2, tdAgencyName: 'Sunny Tours',
  arrivalDate: '2026-12-01', arrivalTime: '14:30', departureDate: '2026-12-08', departureTime: '10:00', birthDate: null, age: 34, touristPhone: '+7 900 123 45 67',
  touristEmail: '', touristCountry: 'Russia', roomType: 'DBL', accType: 'Hotel', mealType: 'BB', arrivalFlight: 'EK132', arrivalTerminal: '3', arrivalTransport: 'Bus',
  departureFlight: 'EK133', departureTerminal: '3', departureTransport: 'Bus', pickUpTime: '', hotelConfirmationNumber: '', agentConfirmationNumber: '', notes: '',
};
const lk = { listId: 1, supplierId: 1 };
const gk = { groupInfoId: 1, supplierId: 1, groupId: 77 };
export const arrivalEventSchemas: EventSchemaDefinition[] = [
  { type: 'ArrivalListCreated', version: 1, schema: ArrivalListCreated, example: { ...lk, name: 'Armani December' } },
  { type: 'ArrivalsAdded', version: 1, schema: ArrivalsAdded, example: { ...lk, arrivals: [arrival] } },
  { type: 'ArrivalsChanged', version: 1, schema: ArrivalsChanged, example: { ...lk, arrivals: [{ ...arrival, touristName: 'Ivan Petrov Jr' }] } },
  { type: 'ArrivalsRemoved', version: 1, schema: ArrivalsRemoved, example: { ...lk, ids: [1] } },
  {
    type: 'GroupInfoSaved', version: 1, schema: GroupInfoSaved,
    example: { ...gk, status: 0, hotels: [{ hotelId: 3, roomNumber: '1204' }], notes: '', phoneNumbers: ['+7 900 123 45 67'], meetings: [{ date: '2026-12-02', staffId: 5, staffName: 'Elena', timeStart: 600, timeEnd: 660, isNoTime: false }] },
  },
  { type: 'GroupCommunicationLogged', version: 1, schema: GroupCommunicationLogged, example: { ...gk, flag: 1, note: 'Called', byUserId: 5, byName: 'Elena', at: '2026-12-01T10:00:00.000Z' } },
];
