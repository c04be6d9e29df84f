import type { TimeSlotGroupFields } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import { apiCall } from '../../../lib/api-client';
import { expectGroupVersion, rememberGroupPosition } from './get-time-slot-group';
import { savedGroupSchema, type SavedGroup } from './time-slot.schema';

/** What POST / PUT /api/timeslots/group take (spec 02 §3): the group's fields, its id (0 = new) and the version it was read at. */
export interface GroupPayload extends TimeSlotGroupFields {
  id: number;
  version: number | null;
}

/** POST (new) or PUT (with its version; a stale one answers 409). Silent: the page places field errors and shows the 409 itself. */
export async function saveGroup(payload: GroupPayload): Promise<SavedGroup> {
  const saved = await apiCall(savedGroupSchema, payload.id === 0 ? 'POST' : 'PUT', '/api/timeslots/group', payload, { silent: true });
  rememberGroupPosition(saved.id, saved.position);
  expectGroupVersion(saved.id, saved.version);
  return saved;
}
