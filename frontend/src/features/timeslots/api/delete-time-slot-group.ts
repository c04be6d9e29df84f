import { apiCall } from '../../../lib/api-client';
import { expectGroupVersion, rememberGroupPosition } from './get-time-slot-group';
import { savedGroupSchema, type SavedGroup } from './time-slot.schema';

const remembered = (saved: SavedGroup): SavedGroup => {
  rememberGroupPosition(saved.id, saved.position);
  expectGroupVersion(saved.id, saved.version);
  return saved;
};

/** DELETE /api/timeslots/group/{id}: marks a group deleted (listed again with 'show deleted'); answers the group. */
export async function deleteGroup(id: number): Promise<SavedGroup> {
  return remembered(await apiCall(savedGroupSchema, 'DELETE', `/api/timeslots/group/${id}`));
}

/** POST /api/timeslots/group/{id}/restore: brings a deleted group back; answers the group. */
export async function restoreGroup(id: number): Promise<SavedGroup> {
  return remembered(await apiCall(savedGroupSchema, 'POST', `/api/timeslots/group/${id}/restore`));
}
