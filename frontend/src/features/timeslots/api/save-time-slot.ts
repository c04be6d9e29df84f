import type { TimeSlotFields } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import { apiCall } from '../../../lib/api-client';
import { rememberGroupPosition } from './get-time-slot-group';
import { savedSlotSchema, type SavedSlot } from './time-slot.schema';

/**
 * What POST / PUT /api/timeslots take (spec 02 §3): the slot's fields as the rules state them, with its group, its
 * id (0 = new) and the version it was read at; the times also as the HH:MM text the form edits, the days also as
 * the multi-choice's values.
 */
export interface SlotPayload extends TimeSlotFields {
  id: number;
  groupId: number;
  version: number | null;
  startTimeDescription: string;
  endTimeDescription: string;
  daysOfferedList: number[];
}

/** POST (new) or PUT (existing; a stale version answers 409). Silent: the page places field errors and shows the 409 itself. */
export async function saveSlot(payload: SlotPayload): Promise<SavedSlot> {
  const saved = await apiCall(savedSlotSchema, payload.id === 0 ? 'POST' : 'PUT', '/api/timeslots', payload, { silent: true });
  // The slot shows in its group's answer: the next read of the group waits for this change.
  rememberGroupPosition(saved.groupId, saved.position);
  return saved;
}
