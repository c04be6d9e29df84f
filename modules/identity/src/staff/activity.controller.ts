import { Query } from '@nestjs/common';
import { z } from 'zod';
import { activityFilterOptions, activityOf, type ActivityEntry } from '@tbo/read-models';
import { ApiController, CurrentUser, DEFAULT_PAGE_SIZE, GetRoute, paged, PG_INT_MAX, QueryController, readPage, supplierScope, wholeNumberQuery, zodPipe, type AuthUser, type Paged } from '@tbo/kernel';

const day = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${label} must be a date YYYY-MM-DD`)
    .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s), `${label} must be a date YYYY-MM-DD`)
    .optional()
    .or(z.literal('').transform(() => undefined));

const activityQuery = z
  .object({
    user: z.string().trim().max(254).optional(),
    kind: z.string().trim().max(40).optional(),
    from: day('from'),
    to: day('to'),
    page: wholeNumberQuery('page', 1, PG_INT_MAX).optional().default(1),
    pageSize: wholeNumberQuery('pageSize', 1, 100).optional().default(DEFAULT_PAGE_SIZE),
  })
  .strict();

/** /admin/activity: who did what and when for the caller's supplier (the activity projection, from the events' metadata). */
@ApiController('staff', 'api/activity')
export class ActivityController extends QueryController {
  @GetRoute('', ['admin'], "One page of the supplier's activity, newest first; filters: user (email), kind of item, from/to (Dubai days, YYYY-MM-DD)")
  async list(@Query(zodPipe(activityQuery)) q: z.output<typeof activityQuery>, @CurrentUser() user: AuthUser): Promise<Paged<ActivityEntry>> {
    const supplierId = supplierScope(user);
    const filter = { user: q.user?.toLowerCase() || undefined, kind: q.kind || undefined, from: q.from, to: q.to };
    const { entries, total, page } = await readPage(q.page, q.pageSize, ({ offset, limit }) => activityOf(this.db, supplierId, filter, offset, limit));
    return paged(entries, page, q.pageSize, total);
  }

  @GetRoute('filters', ['admin'], "The activity filters' choices: the users who did something for the supplier, and the kinds of item")
  filters(@CurrentUser() user: AuthUser): Promise<{ users: { email: string; name: string | null }[]; kinds: string[] }> {
    return activityFilterOptions(this.db, supplierScope(user));
  }
}
