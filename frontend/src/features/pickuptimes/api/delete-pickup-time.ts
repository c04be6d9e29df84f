import { apiCall } from '../../../lib/api-client';
import { savedPickUpTimeSchema, type SavedPickUpTime } from './pickup-time.schema';
import { rememberSaved } from './save-pickup-time';

/** DELETE /api/pickuptimes/{id}: it leaves the list and the options. */
export async function deletePickUpTime(id: number): Promise<SavedPickUpTime> {
  return rememberSaved(await apiCall(savedPickUpTimeSchema, 'DELETE', `/api/pickuptimes/${id}`));
}
