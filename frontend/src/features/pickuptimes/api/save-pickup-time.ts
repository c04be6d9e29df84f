import { apiCall } from '../../../lib/api-client';
import { rememberWrites } from '../../../lib/read-after';
import { savedPickUpTimeSchema, type SavedPickUpTime } from './pickup-time.schema';
import { expectPickUpTimeVersion, rememberPickUpTimePosition } from './read-after';

/** A window as POST / PUT /api/pickuptimes take it: minutes after midnight, null when not set. */
export interface EntryTimes {
  timeStart: number | null;
  timeEnd: number | null;
}

/** What POST / PUT /api/pickuptimes take (spec 02 §5, §7): every region entry, and the hotel entries with a time. */
export interface PickUpTimePayload {
  id: number;
  version: number | null;
  name: string;
  isFixedTime: boolean;
  regionsPickUpTimes: (EntryTimes & { regionId: number })[];
  hotelsPickUpTimes: (EntryTimes & { hotelId: number })[];
}

/** A later read (the item, the list) waits for what the change wrote. */
export const rememberSaved = rememberWrites(rememberPickUpTimePosition, expectPickUpTimeVersion);

/** POST (new, id 0) or PUT (with its version; a stale one answers 409). Silent: the page places field errors and the 409 itself. */
export async function savePickUpTime(payload: PickUpTimePayload): Promise<SavedPickUpTime> {
  return rememberSaved(await apiCall(savedPickUpTimeSchema, payload.id === 0 ? 'POST' : 'PUT', '/api/pickuptimes', payload, { silent: true }));
}

