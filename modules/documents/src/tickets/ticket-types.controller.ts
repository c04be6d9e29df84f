import { Query } from '@nestjs/common';
import { afterQuery, ApiController, CommandQueryController, CurrentUser, GetRoute, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import { ticketTypesOf, waitForProjection, type TicketTypeView } from '@tbo/read-models';
import { dubaiToday } from '@tbo/scheduling';

/**
 * The attraction ticket types (platform-wide reference data) with the stock figures of spec 02 §3 counted from the
 * caller's own codes, as the stock page counts them: every signed-in user may list the types (a tour's editor picks
 * from them), and nobody sees another supplier's stock.
 */
@ApiController('tickets', 'api/tickets')
export class TicketTypesController extends CommandQueryController {
  @GetRoute('types', 'signed-in', 'Attraction ticket types sorted by name, with the stock figures of the caller’s supplier (zero for a caller of no supplier)')
  async types(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<TicketTypeView[]> {
    // `after` is a reference data save's position, as on the other reference lists.
    if (q.after) await waitForProjection(this.db, this.store, 'reference_data', q.after);
    return ticketTypesOf(this.db, user.supplierId ?? null, dubaiToday());
  }
}
