import { Body, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { findBookingDetails, waitForProjection } from '@tbo/read-models';
import { ApiController, businessDateInput, commandContextFrom, CommandQueryController, CurrentUser, GetRoute, IdPipe, PostRoute, supplierScope, zodPipe, type AuthUser } from '@tbo/kernel';
import { bookingNotFound } from './booking';
import { bookingAnswer, type BookingAnswer } from './booking-answers';
import { bookingHistory, type HistoryEntry } from './booking-history';
import { ChangeBookingCommand, type BookingAction } from './booking.commands';
import { amendInput, rescheduleInput, staffReasonInput, versionInput } from './booking.inputs';
import type { ChangedBooking } from './change-booking.handler';
import { afterQuery } from './agent-bookings.controller';
import { NewBookingOptions, type NewBookingSlot } from './new-booking-options';

const slotsQuery = z.object({ date: businessDateInput('date') }).strict();

const OPERATORS = ['accounts', 'admin', 'operations'] as const;
/** Who runs the day's bookings; accounts may also cancel (a refund is theirs to settle). */
const RUNS_BOOKINGS = ['admin', 'operations'] as const;

/**
 * The supplier's side of one booking: its details and history for accounts, admin and operations, and the
 * changes operations make. Another supplier's booking is 'not found'.
 */
@ApiController('bookings', 'api/bookings')
export class OperatorBookingsController extends CommandQueryController {
  constructor(private readonly options: NewBookingOptions) {
    super();
  }

  @GetRoute(':id', OPERATORS, "One of the supplier's bookings, whole, with who sold it; 404 otherwise")
  async one(@Param('id', IdPipe) id: number, @Query(zodPipe(afterQuery)) q: z.output<typeof afterQuery>, @CurrentUser() user: AuthUser): Promise<BookingAnswer> {
    if (q.after) await waitForProjection(this.db, this.store, 'booking_details', q.after, 5_000);
    const view = await findBookingDetails(this.db, id);
    if (!view || view.supplierId !== supplierScope(user)) throw bookingNotFound();
    return bookingAnswer(this.db, view);
  }

  @GetRoute(':id/history', OPERATORS, 'Every change of the booking from its stream: [{revision, type, at, by: {id, name}, status, statusText, changes: [{field, before, after}]}]')
  async history(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser): Promise<HistoryEntry[]> {
    const history = await bookingHistory(this.store, this.db, id);
    if (!history || history.supplierId !== supplierScope(user)) throw bookingNotFound();
    return history.entries;
  }

  @GetRoute(':id/slots', RUNS_BOOKINGS, "The slots the booking's ticket sells on `date`, with seats left: what a change of date or time may choose")
  async slots(@Param('id', IdPipe) id: number, @Query(zodPipe(slotsQuery)) q: z.output<typeof slotsQuery>, @CurrentUser() user: AuthUser): Promise<NewBookingSlot[]> {
    const view = await findBookingDetails(this.db, id);
    if (!view || view.supplierId !== supplierScope(user)) throw bookingNotFound();
    return this.options.slotsOfOffer(view.supplierId, view.offerId, q.date);
  }

  @PostRoute(':id/confirm', RUNS_BOOKINGS, 'Confirms a pending booking')
  confirm(@Param('id', IdPipe) id: number, @Body(zodPipe(versionInput)) body: z.output<typeof versionInput>, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.change(id, { kind: 'confirm' }, body.version, user, req);
  }

  @PostRoute(':id/decline', RUNS_BOOKINGS, 'Declines a pending booking (it is then cancelled and its seats go back)')
  decline(@Param('id', IdPipe) id: number, @Body(zodPipe(staffReasonInput)) body: z.output<typeof staffReasonInput>, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.change(id, { kind: 'decline', reason: body.reason }, body.version, user, req);
  }

  @PostRoute(':id/cancel', [...RUNS_BOOKINGS, 'accounts'], 'Cancels a booking; the answer carries the refund under the policy it was booked with')
  cancel(@Param('id', IdPipe) id: number, @Body(zodPipe(staffReasonInput)) body: z.output<typeof staffReasonInput>, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.change(id, { kind: 'cancel', reason: body.reason }, body.version, user, req);
  }

  @PostRoute(':id/complete', RUNS_BOOKINGS, 'Marks a confirmed booking completed')
  complete(@Param('id', IdPipe) id: number, @Body(zodPipe(versionInput)) body: z.output<typeof versionInput>, @CurrentUser() user: AuthUser, @Req() req: Request) {
    return this.change(id, { kind: 'complete' }, body.version, user, req);
  }

  @PostRoute(':id/amend', RUNS_BOOKINGS, 'Changes guest details, notes, voucher, hotel and room (no price change; the pick-up window follows the hotel)')
  amend(@Param('id', IdPipe) id: number, @Body(zodPipe(amendInput)) body: z.output<typeof amendInput>, @CurrentUser() user: AuthUser, @Req() req: Request) {
    const { version, ...fields } = body;
    return this.change(id, { kind: 'amend', ...fields }, version, user, req);
  }

  @PostRoute(':id/reschedule', RUNS_BOOKINGS, 'Changes date, slot or counts: seats re-checked, the booking priced again, differenceUsd/differenceAed answered')
  reschedule(@Param('id', IdPipe) id: number, @Body(zodPipe(rescheduleInput)) body: z.output<typeof rescheduleInput>, @CurrentUser() user: AuthUser, @Req() req: Request) {
    const { version, ...schedule } = body;
    return this.change(id, { kind: 'reschedule', ...schedule }, version, user, req);
  }

  private async change(id: number, action: BookingAction, version: number | null | undefined, user: AuthUser, req: Request): Promise<BookingAnswer & { position: string | null; differenceUsd?: number; differenceAed?: number }> {
    const { view, position, difference }: ChangedBooking = await this.commands.execute(new ChangeBookingCommand(id, { kind: 'supplier', supplierId: supplierScope(user) }, action, commandContextFrom(req, user), version));
    return { ...(await bookingAnswer(this.db, view)), position, ...(difference && { differenceUsd: difference.usd, differenceAed: difference.aed }) };
  }
}
