import { Inject, Query } from '@nestjs/common';
import type { Knex } from 'knex';
import { searchBookings, type BookingSearchHit } from '@tbo/read-models';
import { ApiController, CurrentUser, GetRoute, KNEX, zodPipe, type AuthUser } from '@tbo/kernel';
import { bookingSearchQuery } from './list-inputs';
import { AGENT_LIST_ROLES, bookingSearchScope, OPERATOR_ROLES } from './list-scope';

/** GET /api/search/bookings?q=: the header search's bookings, among those the caller may see. */
@ApiController('search', 'api/search/bookings')
export class BookingSearchController {
  constructor(@Inject(KNEX) private readonly db: Knex) {}

  @GetRoute('', [...new Set([...OPERATOR_ROLES, ...AGENT_LIST_ROLES])], "Bookings whose id is q or whose voucher or guest name holds q (case-insensitive), at most 10, the id first then the newest: operators search their supplier's, agents their own (an agency admin the agency's), staff agents their staff bookings")
  async search(@Query(zodPipe(bookingSearchQuery)) query: { q: string }, @CurrentUser() user: AuthUser): Promise<BookingSearchHit[]> {
    if (!query.q) return [];
    const scope = await bookingSearchScope(this.db, user);
    return scope ? searchBookings(this.db, scope, query.q) : [];
  }
}
