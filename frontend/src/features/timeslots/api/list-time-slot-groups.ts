import { z } from 'zod';
import { listOrEmpty } from '../../../lib/api-defaults';
import { apiCall } from '../../../lib/api-client';
import { listAfterQuery } from './get-time-slot-group';

/** A row of GET /api/timeslots/groups: the group's own fields and its (live) slots' names. */
export const groupListRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  capacity: z.number().nullable(),
  minimumAdvancedBooking: z.number().nullable(),
  pickUpTimeId: z.number().nullable(),
  isTimeSlotsIndependant: z.boolean(),
  isDeleted: z.boolean(),
  timeSlotNames: listOrEmpty(z.string()),
});
export type GroupListRow = z.output<typeof groupListRowSchema>;

const groupsAnswer = z
  .array(groupListRowSchema)
  .nullable()
  .transform((rows) => rows ?? []);

/** The supplier's groups by name (deleted ones too with showDeleted), waiting for this tab's last change of a group (?after=). */
export function listGroups(showDeleted: boolean, signal?: AbortSignal): Promise<GroupListRow[]> {
  const after = listAfterQuery();
  const query = [after.slice(1), showDeleted ? 'showDeleted=true' : ''].filter(Boolean).join('&');
  return apiCall(groupsAnswer, 'GET', `/api/timeslots/groups${query ? `?${query}` : ''}`, undefined, { signal });
}
