import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { validPeriodSchema, type ValidPeriodInput } from './valid-period.schema';

/** POST /api/validperiods answers the priced period with the offer stream's version and position after the save. */
export const savedValidPeriodSchema = validPeriodSchema.extend({
  version: z.number().nullable(),
  position: z.string().nullable(),
});
export type SavedValidPeriod = z.infer<typeof savedValidPeriodSchema>;

/** Silent: the period editor shows the error and the server's field messages itself. */
export const saveValidPeriod = (period: ValidPeriodInput): Promise<SavedValidPeriod> => apiCall(savedValidPeriodSchema, 'POST', '/api/validperiods', period, { silent: true });
