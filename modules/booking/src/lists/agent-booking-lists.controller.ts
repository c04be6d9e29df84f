import { Body, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { Knex } from 'knex';
import { agentBookingBatches, agentHotelOptions, agentOfferOptions, agentOptions, listAgentBookings, waitForProjection, type AgentBookingFilter, type AgentBookingRow, type AgentListScope, type IdName } from '@tbo/read-models';
import { afterQuery, ApiController, CurrentUser, GetRoute, paged, PostRoute, QueryController, readPage, SheetLanguageOfCaller, zodPipe, type AfterQuery, type AuthUser, type Paged, type SheetLanguage } from '@tbo/kernel';
import { agentListQuery, type AgentListQuery } from './list-inputs';
import { AGENT_LIST_OR_GROUP_ROLES, AGENT_LIST_ROLES, agentListScope, callerListScope } from './list-scope';
import { agentCells, agentSheetColumns, BOOKING_SHEET_WORDS, sendSheet } from './booking-sheets';

type ListKind = 'bookings' | 'commissions';

const filterWith = (scope: AgentBookingFilter['scope'], q: AgentListQuery): AgentBookingFilter => ({
  scope,
  from: q.from,
  to: q.to,
  text: q.f,
  agentIds: q.agentIds,
  hotelIds: q.hotelIds,
  offerIds: q.offerIds,
  groupId: q.groupId,
});

/**
 * The agent's lists (spec 02 §2 Agent bookings, Agent commissions; §7): GET /api/agent/bookings and
 * /api/agent/commissions, their Excel files and their filters' options. Both lists show the same bookings; the
 * commissions list leaves out the pick-up time and the ticket download.
 */
@ApiController('agent bookings', 'api/agent')
export class AgentBookingListsController extends QueryController {
  private async caughtUp(after?: string): Promise<void> {
    if (after) await waitForProjection(this.db, this.store, 'bookings', after);
  }

  private async filterOf(q: AgentListQuery, user: AuthUser): Promise<AgentBookingFilter> {
    await this.caughtUp(q.after);
    return filterWith(await agentListScope(this.db, user, q.showMy, q.groupId !== undefined), q);
  }

  private async list(q: AgentListQuery, user: AuthUser): Promise<Paged<AgentBookingRow>> {
    await this.caughtUp(q.after);
    // The page's statements check the caller themselves (no lookup before them); when they find nothing, the
    // check is made on its own, so a caller the users table no longer has here is refused, not shown an empty list.
    const groupPage = q.groupId !== undefined;
    const { rows, total, page } = await readPage(q.page, q.pageSize, (range) => listAgentBookings(this.db, filterWith(callerListScope(user, q.showMy, groupPage), q), { field: q.orderBy, direction: q.orderType }, range));
    if (total === 0) await agentListScope(this.db, user, q.showMy, groupPage);
    return paged(rows, page, q.pageSize, total);
  }

  private async sheet(kind: ListKind, q: AgentListQuery, user: AuthUser, lang: SheetLanguage, res: Response): Promise<void> {
    const filter = await this.filterOf(q, user);
    const batches = agentBookingBatches(this.db, filter, { field: q.orderBy, direction: q.orderType });
    await sendSheet(res, `${kind}.xlsx`, BOOKING_SHEET_WORDS[lang][kind], agentSheetColumns(kind, lang), batches, (r) => agentCells(kind, r, lang));
  }

  // The supplier's operators and arrivals managers reach the bookings list and its file with a groupId only (an
  // arrival group's page, /agent/bookings/g-{groupId}): callerListScope refuses them anything else.
  @GetRoute(
    'bookings',
    AGENT_LIST_OR_GROUP_ROLES,
    "The caller's bookings (an agency admin: the agency's unless showMy=1), paged; page, orderBy, orderType (default date DESC), from and to as DD.MM.YYYY, f (free text, lowercased), showMy 1|0, agentIds (staff agents negative), hotelIds, offerIds, groupId " +
      "(the supplier's operators and arrivals managers: with a groupId only, every booking of their supplier's group)",
  )
  bookings(@Query(zodPipe(agentListQuery)) q: AgentListQuery, @CurrentUser() user: AuthUser): Promise<Paged<AgentBookingRow>> {
    return this.list(q, user);
  }

  @GetRoute('commissions', AGENT_LIST_ROLES, 'The same bookings as GET /api/agent/bookings, for the commissions list (gross sales and agency receivable)')
  commissions(@Query(zodPipe(agentListQuery)) q: AgentListQuery, @CurrentUser() user: AuthUser): Promise<Paged<AgentBookingRow>> {
    return this.list(q, user);
  }

  @GetRoute('bookings/export/xlsx', AGENT_LIST_OR_GROUP_ROLES, 'GET /api/agent/bookings (same query, every page) as bookings.xlsx')
  bookingsXlsx(@Query(zodPipe(agentListQuery)) q: AgentListQuery, @CurrentUser() user: AuthUser, @SheetLanguageOfCaller() lang: SheetLanguage, @Res() res: Response): Promise<void> {
    return this.sheet('bookings', q, user, lang, res);
  }

  @PostRoute('bookings/export/xlsx', AGENT_LIST_OR_GROUP_ROLES, 'As GET /api/agent/bookings/export/xlsx with the query in the body')
  bookingsXlsxPost(@Body(zodPipe(agentListQuery)) q: AgentListQuery, @CurrentUser() user: AuthUser, @SheetLanguageOfCaller() lang: SheetLanguage, @Res() res: Response): Promise<void> {
    return this.sheet('bookings', q, user, lang, res);
  }

  @GetRoute('commissions/export/xlsx', AGENT_LIST_ROLES, 'GET /api/agent/commissions (same query, every page) as commissions.xlsx')
  commissionsXlsx(@Query(zodPipe(agentListQuery)) q: AgentListQuery, @CurrentUser() user: AuthUser, @SheetLanguageOfCaller() lang: SheetLanguage, @Res() res: Response): Promise<void> {
    return this.sheet('commissions', q, user, lang, res);
  }

  @PostRoute('commissions/export/xlsx', AGENT_LIST_ROLES, 'As GET /api/agent/commissions/export/xlsx with the query in the body')
  commissionsXlsxPost(@Body(zodPipe(agentListQuery)) q: AgentListQuery, @CurrentUser() user: AuthUser, @SheetLanguageOfCaller() lang: SheetLanguage, @Res() res: Response): Promise<void> {
    return this.sheet('commissions', q, user, lang, res);
  }

  // ----- Filter options (spec 02 §7): the bookings and commissions variants answer alike. -----

  /** A filter's options: from the bookings the caller may see (an agency admin: the agency's), whatever showMy says. */
  private async options(q: AfterQuery, user: AuthUser, query: (db: Knex, scope: AgentListScope) => Promise<IdName[]>): Promise<IdName[]> {
    await this.caughtUp(q.after);
    return query(this.db, await agentListScope(this.db, user, false));
  }

  @GetRoute('agents/bookings', AGENT_LIST_ROLES, "The agents filter's options [{id, name}]: the agency's agents (an agent: themself); staff agents as negative ids")
  agentsForBookings(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<IdName[]> {
    return this.options(q, user, agentOptions);
  }

  @GetRoute('agents/commissions', AGENT_LIST_ROLES, 'As GET /api/agent/agents/bookings, for the commissions list')
  agentsForCommissions(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<IdName[]> {
    return this.options(q, user, agentOptions);
  }

  @GetRoute('hotels/bookings', AGENT_LIST_ROLES, "The hotels filter's options [{id, name}]: the hotels of the bookings the caller may see")
  hotelsForBookings(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<IdName[]> {
    return this.options(q, user, agentHotelOptions);
  }

  @GetRoute('hotels/commissions', AGENT_LIST_ROLES, 'As GET /api/agent/hotels/bookings, for the commissions list')
  hotelsForCommissions(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<IdName[]> {
    return this.options(q, user, agentHotelOptions);
  }

  @GetRoute('offers/bookings', AGENT_LIST_ROLES, "The tickets filter's options [{id, name}]: the offers of the bookings the caller may see")
  offersForBookings(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<IdName[]> {
    return this.options(q, user, agentOfferOptions);
  }

  @GetRoute('offers/commissions', AGENT_LIST_ROLES, 'As GET /api/agent/offers/bookings, for the commissions list')
  offersForCommissions(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<IdName[]> {
    return this.options(q, user, agentOfferOptions);
  }
}
