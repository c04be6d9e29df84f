import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import type { Paged, TableFilter } from '../../../ui/data-table';
import { pagedAnswerSchema } from '../../../ui/data-table/paging.schema';

const entry = z.object({
  id: z.number(),
  at: z.string(),
  user: z.string().nullable(),
  userName: z.string().nullable(),
  actedBy: z.string().nullable(),
  actedByName: z.string().nullable(),
  type: z.string(),
  kind: z.string(),
  itemKey: z.string(),
  itemLabel: z.string().nullable(),
  parentId: z.number().nullable(),
});
export type ActivityEntry = z.infer<typeof entry>;

const page = pagedAnswerSchema(entry);

const options = z.object({ users: z.array(z.object({ email: z.string(), name: z.string().nullable() })), kinds: z.array(z.string()) });
export type ActivityOptions = z.infer<typeof options>;

/** The table's filter as GET /api/activity's query: user and kind from their selects, the day range from the time column. */
export function activityQuery(filter: TableFilter): string {
  const q = new URLSearchParams({ page: String(filter.page) });
  const user = filter.textFilters.user;
  const kind = filter.textFilters.kind;
  const range = filter.dateRangeFilters.at;
  if (user) q.set('user', user);
  if (kind) q.set('kind', kind);
  if (range?.startDate) q.set('from', range.startDate);
  if (range?.endDate) q.set('to', range.endDate);
  return q.toString();
}

export const listActivity = (filter: TableFilter, signal?: AbortSignal): Promise<Paged<ActivityEntry>> => apiCall(page, 'GET', `/api/activity?${activityQuery(filter)}`, undefined, { signal });

export const ACTIVITY_OPTIONS_KEY = ['activity', 'filters'] as const;
export const activityOptions = (signal?: AbortSignal) => apiCall(options, 'GET', '/api/activity/filters', undefined, { signal });
