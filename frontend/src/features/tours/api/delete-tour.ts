import { apiCall } from '../../../lib/api-client';
import { rememberSaved, savedTourSchema, type SavedTour } from './save-tour';

/** DELETE /api/tours/{id}: the tour stays, marked deleted (spec 01 §2). */
export async function deleteTour(id: number): Promise<SavedTour> {
  return rememberSaved(await apiCall(savedTourSchema, 'DELETE', `/api/tours/${id}`));
}

/** POST /api/tours/{id}/restore. */
export async function restoreTour(id: number): Promise<SavedTour> {
  return rememberSaved(await apiCall(savedTourSchema, 'POST', `/api/tours/${id}/restore`));
}
