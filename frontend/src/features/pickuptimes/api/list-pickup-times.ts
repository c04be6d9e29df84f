import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { pickUpTimeListRowSchema, type PickUpTimeListRow } from './pickup-time.schema';
import { listAfterQuery } from './read-after';

const listAnswer = z
  .array(pickUpTimeListRowSchema)
  .nullable()
  .transform((rows) => rows ?? []);

/** GET /api/pickuptimes: the supplier's pick-up times (a change of this tab is waited for, so it shows). */
export function listPickUpTimes(signal?: AbortSignal): Promise<PickUpTimeListRow[]> {
  return apiCall(listAnswer, 'GET', `/api/pickuptimes${listAfterQuery()}`, undefined, { signal });
}
