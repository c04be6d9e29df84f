import { apiCall } from '../../../lib/api-client';
import { rememberGroupPosition } from './get-time-slot-group';
import { savedSlotSchema, type SavedSlot } from './time-slot.schema';

/** DELETE /api/timeslots/{id}: marks a slot deleted; answers the slot (the group's next read waits for it). */
export async function deleteSlot(id: number): Promise<SavedSlot> {
  const saved = await apiCall(savedSlotSchema, 'DELETE', `/api/timeslots/${id}`);
  rememberGroupPosition(saved.groupId, saved.position);
  return saved;
}

/** POST /api/timeslots/{id}/restore: brings a deleted slot back (refused while a live slot of the group has its name). */
export async function restoreSlot(id: number): Promise<SavedSlot> {
  const saved = await apiCall(savedSlotSchema, 'POST', `/api/timeslots/${id}/restore`);
  rememberGroupPosition(saved.groupId, saved.position);
  return saved;
}
