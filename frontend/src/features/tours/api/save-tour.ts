import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { rememberWrites } from '../../../lib/read-after';
import { expectTourVersion, rememberTourPosition } from '../../../app/catalog/tour-read';
import { tourSchema } from '../../../app/catalog/tour.schema';
import type { TourFields } from '../../../app/catalog/tour.types';

/** A save's answer (and delete's, restore's): the saved tour with its new version and the position of its last event. */
export const savedTourSchema = tourSchema.extend({ position: z.string().nullable() });
export type SavedTour = z.infer<typeof savedTourSchema>;

/** What POST / PUT /api/tours take: the form's fields, the id (0 = new), the version it was read at; offers empty. */
export interface TourPayload extends TourFields {
  id: number;
  version: number | null;
  offers: [];
}

/** A later read of this tour waits for what the change wrote (app/catalog/tour-read). */
export const rememberSaved = rememberWrites(rememberTourPosition, expectTourVersion);

/**
 * POST (new, id 0) or PUT (existing, with its version). Silent: the page maps field errors and the 409 itself, and
 * adds the error notification for every other failure (app/forms/save-error).
 */
export async function saveTour(payload: TourPayload): Promise<SavedTour> {
  return rememberSaved(await apiCall(savedTourSchema, payload.id === 0 ? 'POST' : 'PUT', '/api/tours', payload, { silent: true }));
}
