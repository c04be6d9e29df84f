import { Body, Param, Query, Req } from '@nestjs/common';
import type { Knex } from 'knex';
import type { Request } from 'express';
import { z } from 'zod';
import { findBookingDetails, waitForProjection, type InHouseGuestRow } from '@tbo/read-models';
import { inHouseGroupInfoFor, inHouseGuestsFor } from '@tbo/arrivals';
import { afterParam, ApiController, AppError, commandContextFrom, CommandQueryController, CurrentUser, GetRoute, IdPipe, idempotentWorkOf, noQuery, NotFoundError, PostRoute, ValidationError, zodPipe, type AuthUser } from '@tbo/kernel';
import { bookingNotFound } from './booking';
import { bookingAnswer, type BookingAnswer } from './booking-answers';
import { ChangeBookingCommand, CreateBookingCommand, type BookingScope } from './booking.commands';
import { groupInfoQuery, inHouseQuery, newBookingInput, priceQuery, reasonInput, toursForNewBookingQuery, type NewBookingBody } from './booking.inputs';
import type { CreatedBooking } from './create-booking.handler';
import { inScope } from './change-booking.handler';
import { NewBookingOptions, type NewBookingTour, type OfferPrice } from './new-booking-options';
import { OPERATOR_ROLES, STAFF_BOOKER_ROLES } from './booking-facts';
import { BOOKING_MESSAGES } from '../pure/booking-rules.pure';

/** Who books: agents, and the supplier's sales staff and admins as staff agents (spec 02 §2). */
const BOOKERS = ['agent', ...STAFF_BOOKER_ROLES] as const;
export const afterQuery = z.object({ after: afterParam }).strict();
/** How long a booking's details wait for the read model after the booking was made (?after=). */
const DETAILS_WAIT_MS = 5_000;

/**
 * The bookings a caller of the agent routes (and the document downloads) may see and cancel: an agency admin the
 * agency's, another agent their own; the supplier's operators (admin, operations, accounts) the supplier's, as
 * on the operator list; sales staff only the bookings they made themselves as staff agents.
 */
export async function agentScope(db: Knex, user: AuthUser): Promise<BookingScope> {
  const myId = async () => (await db('users').select('id').where({ email: user.email }).first<{ id: number } | undefined>())?.id ?? -1;
  if (user.agencyId) {
    if (user.isAgencyAdmin) return { kind: 'agency', agencyId: user.agencyId, agentId: null };
    return { kind: 'agency', agencyId: user.agencyId, agentId: await myId() };
  }
  if (user.supplierId && OPERATOR_ROLES.some((r) => user.roles.includes(r))) return { kind: 'supplier', supplierId: user.supplierId };
  if (user.supplierId) return { kind: 'staff', supplierId: user.supplierId, staffAgentId: await myId() };
  return { kind: 'agency', agencyId: -1, agentId: -1 };
}

/**
 * A booking as the agent routes answer it: without the supplier's internals (the seat claim and its departure key)
 * or the check-in, whose author is the supplier's driver or guide.
 */
export type AgentBookingAnswer = Omit<BookingAnswer, 'claimId' | 'departure' | 'checkIn'>;
const forAgent = ({ claimId: _claim, departure: _departure, checkIn: _checkIn, ...answer }: BookingAnswer): AgentBookingAnswer => answer;

/** Documents are the documents issue's: until a booking's file exists, its download says so clearly. */
export const documentNotReady = (what: string) => new AppError(409, 'Not ready', `The ${what} is not ready yet. Please try again in a minute.`);

/**
 * The agent's side of spec 02 §7: the add-booking choices, the booking itself (with an Idempotency-Key a
 * double click or a retried request makes one booking), its details, cancelling, and the ticket download.
 */
@ApiController('agent bookings', 'api/agent')
export class AgentBookingsController extends CommandQueryController {
  constructor(private readonly options: NewBookingOptions) {
    super();
  }

  @GetRoute('hotels/fornewbooking', BOOKERS, 'Hotels to book from: [{id, name, regionId, regionName, cityId, cityName}] by name')
  hotels(@Query(zodPipe(noQuery)) _q: unknown) {
    return this.options.hotels();
  }

  @GetRoute('tours/fornewbooking', BOOKERS, "Tours the caller may book, offered on `date` to the hotel's city, with each slot's seats left: [{id, nameInternal, nameDisplay, offers: [...]}]")
  tours(@Query(zodPipe(toursForNewBookingQuery)) q: z.output<typeof toursForNewBookingQuery>, @CurrentUser() user: AuthUser): Promise<NewBookingTour[]> {
    return this.options.tours(user, { hotelId: q.hotelId || undefined, date: q.date });
  }

  @GetRoute('offers/price', BOOKERS, "The prices of the tour's offers on `date` at the caller's commission: [{offerId, periodStart, periodEnd, prices, pricePerAdult/Child/Trip(Local), pricePerAdult/Child/TripRec(Local), commission, totalNetPriceUsd/Aed, totalPublishRateUsd/Aed}] (totals for one adult)")
  price(@Query(zodPipe(priceQuery)) q: z.output<typeof priceQuery>, @CurrentUser() user: AuthUser): Promise<OfferPrice[]> {
    return this.options.prices(user, { tourId: q.tourId, date: q.date, offerId: q.offerId || undefined });
  }

  @GetRoute('customers/inHouse', BOOKERS, "The guests in house at the hotel on the date (arrival date ≤ date ≤ departure date) whose arrivals belong to the caller's agency (staff agents: the supplier's)")
  inHouse(@Query(zodPipe(inHouseQuery)) q: z.output<typeof inHouseQuery>, @CurrentUser() user: AuthUser): Promise<InHouseGuestRow[]> {
    return inHouseGuestsFor(this.db, user, q.hotelId, q.date);
  }

  @GetRoute('customers/groupInfo', BOOKERS, "An in-house group's room number at the hotel and its phone numbers; 404 when the group is not the caller's")
  async groupInfo(@Query(zodPipe(groupInfoQuery)) q: z.output<typeof groupInfoQuery>, @CurrentUser() user: AuthUser): Promise<{ roomNumber: string; phoneNumbers: string[] }> {
    const info = await inHouseGroupInfoFor(this.db, user, q.hotelId, q.groupInfoId);
    if (!info) throw new NotFoundError('Group not found or you are not allowed to see it');
    return info;
  }

  @PostRoute('bookings', BOOKERS, "A new booking: {id, status, position}. Send an Idempotency-Key. Refusals say why ('Only 3 places left', 'This date is closed for sale', …)")
  async create(@Body(zodPipe(newBookingInput)) body: NewBookingBody, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<CreatedBooking> {
    const { startTime: _s, endTime: _e, ...input } = body;
    return this.commands.execute(new CreateBookingCommand(user, input, commandContextFrom(req, user), 'backoffice', undefined, undefined, idempotentWorkOf(req)));
  }

  // GET bookings/downloadtickets/:id is the documents module's (DocumentDownloadsController): it makes the file.

  @GetRoute('bookings/:id', BOOKERS, 'One of the caller’s bookings (an agency admin: the agency’s); 404 otherwise')
  async one(@Param('id', IdPipe) id: number, @Query(zodPipe(afterQuery)) q: z.output<typeof afterQuery>, @CurrentUser() user: AuthUser): Promise<AgentBookingAnswer> {
    if (q.after) await waitForProjection(this.db, this.store, 'booking_details', q.after, DETAILS_WAIT_MS);
    return forAgent(await bookingAnswer(this.db, await this.mine(id, user)));
  }

  @PostRoute('bookings/:id/cancel', BOOKERS, 'Cancels one of the caller’s bookings: the refund follows the policy it was booked with')
  async cancel(@Param('id', IdPipe) id: number, @Body(zodPipe(reasonInput)) body: z.output<typeof reasonInput>, @CurrentUser() user: AuthUser, @Req() req: Request) {
    const scope = await agentScope(this.db, user);
    // The supplier's operators reach every booking here too: an agency's booking they cancel owes its agent a
    // reason, as on the operator route.
    if (scope.kind === 'supplier' && !body.reason.trim()) throw new ValidationError(BOOKING_MESSAGES.reasonRequired, { reason: [BOOKING_MESSAGES.reasonRequired] });
    const changed = await this.commands.execute(new ChangeBookingCommand(id, scope, { kind: 'cancel', reason: body.reason }, commandContextFrom(req, user), body.version));
    return { ...forAgent(await bookingAnswer(this.db, changed.view)), position: changed.position };
  }

  private async mine(id: number, user: AuthUser) {
    const view = await findBookingDetails(this.db, id);
    if (!inScope(view ?? null, await agentScope(this.db, user))) throw bookingNotFound();
    return view!;
  }
}
