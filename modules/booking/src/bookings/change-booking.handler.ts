import { randomUUID } from 'node:crypto';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, EVENT_STORE, ValidationError, type EventStore } from '@tbo/kernel';
import { DepartureSeats, dubaiToday } from '@tbo/scheduling';
import { round2 } from '../pure/booking-money.pure';
import { BOOKING_MESSAGES } from '../pure/booking-rules.pure';
import { collectAfterPriceChange, type BookingView } from '../pure/booking-view.pure';
import { bookingNotFound, type BookingCommand, type BookingState } from './booking';
import { BOOKING_CLOCK, BookingFaults, type BookingClock } from './booking-clock';
import { ChangeBookingCommand, type BookingAction, type BookingScope } from './booking.commands';
import { BookingFacts } from './booking-facts';
import { bookings } from './booking-stream';
import { decideSchedule } from './new-booking.rules';
import { settleSeatClaim, type SeatClaimJob } from './settle-seat-claim';

export interface ChangedBooking {
  view: BookingView;
  position: string | null;
  /** A reschedule's new total less the old one (USD, AED); null for other changes. */
  difference: { usd: number; aed: number } | null;
}

/** Whether a caller's scope covers the booking: another tenant's booking is 'not found', never 'forbidden'. */
export function inScope(view: BookingView | null, scope: BookingScope): view is BookingView {
  if (!view) return false;
  if (scope.kind === 'supplier') return view.supplierId === scope.supplierId;
  if (scope.kind === 'staff') return view.supplierId === scope.supplierId && view.staffAgentId === scope.staffAgentId;
  return view.agencyId === scope.agencyId && (scope.agentId === null || view.agentId === scope.agentId);
}

/**
 * Every change after a booking is made. Status changes and guest details touch the booking's stream only;
 * a cancellation or decline then gives its seats back on the departure's stream (and the seat claims process
 * manager does it if this stops in between). A change of date, slot or counts prices the booking again and
 * takes the new seats first (counting the old ones free when the departure is the same), then records the
 * change, then releases the old seats.
 */
@CommandHandler(ChangeBookingCommand)
export class ChangeBookingHandler implements ICommandHandler<ChangeBookingCommand, ChangedBooking> {
  private readonly log = new Logger(ChangeBookingHandler.name);

  constructor(
    private readonly runner: CommandRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly facts: BookingFacts,
    private readonly seats: DepartureSeats,
    @Inject(BOOKING_CLOCK) private readonly clock: BookingClock,
    private readonly faults: BookingFaults,
  ) {}

  async execute({ bookingId, scope, action, context, version, at }: ChangeBookingCommand): Promise<ChangedBooking> {
    const now = at ?? this.clock();
    const state = await bookings.load(this.store, bookingId);
    if (!inScope(state.view, scope)) throw bookingNotFound();
    const view = state.view;
    const run = async (command: BookingCommand, expected = version) => {
      const outcome = await bookings.run(this.runner, bookingId, command, context, expected);
      return { state: outcome.state, position: outcome.position };
    };
    switch (action.kind) {
      case 'confirm':
        return this.answer(await run({ type: 'ConfirmBooking' }));
      case 'complete':
        return this.answer(await run({ type: 'CompleteBooking', today: dubaiToday(now) }));
      case 'decline':
      case 'cancel': {
        const done = await run(action.kind === 'decline' ? { type: 'DeclineBooking', reason: action.reason } : { type: 'CancelBooking', reason: action.reason, at: now });
        // The claim of the state the cancel was decided on: a reschedule may have landed since this load.
        const cancelled = done.state.view ?? view;
        await this.releaseAfter(cancelled, action.kind === 'decline' ? 'declined' : 'cancelled', context);
        return this.answer(done, now);
      }
      case 'amend': {
        // Every field is written from this load: without the caller's version, the load's revision keeps a change
        // made meanwhile from being overwritten with what it replaced (the caller decides again or answers 409).
        const hotelFields = await this.amendedHotel(view, action);
        const slot = await this.facts.slot(view.supplierId, view.timeSlotId);
        const pickUp = await this.facts.pickUp(slot, hotelFields.hotel);
        return this.answer(
          await run({
            type: 'AmendBooking',
            data: {
              id: bookingId,
              supplierId: view.supplierId,
              guestName: action.guestName ?? view.guestName,
              roomNumber: (action.roomNumber ?? view.roomNumber).trim(),
              phones: (action.phones ?? view.phones).map((p) => p.trim()).filter(Boolean),
              notes: (action.notes ?? view.notes).trim(),
              voucher: (action.voucher ?? view.voucher).trim(),
              ...hotelFields.data,
              pickUpTimeStart: pickUp?.timeStart ?? null,
              pickUpTimeEnd: pickUp?.timeEnd ?? null,
            },
          }, version ?? state.revision),
        );
      }
      case 'reschedule':
        return this.reschedule(state, view, action, context, version, now);
    }
  }

  private async reschedule(state: BookingState, view: BookingView, input: Extract<ChangeBookingCommand['action'], { kind: 'reschedule' }>, context: ChangeBookingCommand['context'], version: number | null | undefined, now: Date): Promise<ChangedBooking> {
    const offer = await this.facts.offer(view.offerId);
    const slot = await this.facts.slot(view.supplierId, input.timeSlotId);
    const hotel = await this.facts.hotel(view.hotelId);
    const pickUp = await this.facts.pickUp(slot, hotel);
    // The commission the booking was sold at stays: a change of date is not a new sale at today's contract.
    const commission = view.prices.commissionSource === 'contract' ? view.prices.commission : null;
    const current = { date: view.date, timeSlotId: view.timeSlotId, seats: view.seats, adults: view.adults, children: view.children, prices: view.prices };
    const schedule = decideSchedule(input, { now, today: dubaiToday(now), offer, slot, contractCommission: commission, current });
    // Field by field: the stored departure comes back from jsonb with its keys in another order.
    const sameDeparture = !!schedule.departure && !!view.departure && (['groupId', 'timeSlotId', 'date'] as const).every((k) => schedule.departure![k] === view.departure![k]);
    // A change the booking's stream would refuse (a stale form, a cancelled booking) takes no seats at all.
    bookings.assertChangeable(state, version);
    const claimId = schedule.departure ? randomUUID() : null;
    if (schedule.departure && slot) {
      await this.seats.take({ slot, date: schedule.date, claim: { bookingId: view.id, claimId: claimId!, seats: schedule.seats, replacesClaimId: sameDeparture ? view.claimId : null }, today: dubaiToday(now), context });
    }
    const { status: _status, ...rest } = schedule;
    const differenceUsd = round2(schedule.totals.totalUsd - view.totals.totalUsd);
    // What is still to be collected on the day follows the price: more when it grew, less (never below 0) when not.
    const differenceAed = round2(schedule.totals.totalAed - view.totals.totalAed);
    const { collect, collectOrig } = collectAfterPriceChange(view, { usd: differenceUsd, aed: differenceAed }, schedule.prices.convRate);
    if (this.faults.beforeRescheduleAppend) await this.faults.beforeRescheduleAppend();
    const done = await this.runHoldingClaim(claimId, schedule.departure && { supplierId: view.supplierId, ...schedule.departure }, view.id, () => bookings.run(
      this.runner,
      view.id,
      {
        type: 'RescheduleBooking',
        data: {
          id: view.id,
          supplierId: view.supplierId,
          ...rest,
          claimId,
          // A confirmed booking stays confirmed when only its counts or slot change on a live slot; On Request asks again.
          status: schedule.status,
          pickUpTimeStart: pickUp?.timeStart ?? null,
          pickUpTimeEnd: pickUp?.timeEnd ?? null,
          previousClaimId: view.claimId,
          previousDeparture: view.departure,
          differenceUsd,
          differenceAed,
          ...(collect !== view.collect || collectOrig !== view.collectOrig ? { collect, collectOrig } : {}),
        },
      },
      context,
      version ?? state.revision,
    ));
    // The old claim goes back only now that the booking holds the new one (the seat claims process manager
    // does it if this stops here); on the same departure the take counted it free without releasing it.
    await this.releaseAfter(view, 'moved', context);
    const event = done.events[0];
    const difference = event?.type === 'BookingRescheduled' ? { usd: event.data.differenceUsd, aed: event.data.differenceAed } : null;
    return { view: done.state.view!, position: done.position, difference };
  }

  /**
   * Records a reschedule whose new seats are taken. Refused (a cancel or another change landed since the load), it
   * gives them back at once rather than when the seat claims job comes: settling voids the claim on the booking's
   * stream first, so it is safe whatever happened, and a reschedule that did get written keeps them.
   */
  private async runHoldingClaim<T>(claimId: string | null, departure: SeatClaimJob['departure'] | null, bookingId: number, record: () => Promise<T>): Promise<T> {
    try {
      return await record();
    } catch (err) {
      if (claimId && departure) await settleSeatClaim(this.runner, this.store, { bookingId, claimId, departure }).catch(() => undefined);
      throw err;
    }
  }

  /**
   * Gives back a claim once the booking's own change is committed. The change stands whatever happens here, so a
   * failure is logged, not answered: the seat claims process manager (and its sweep) returns the seats, and a
   * retry of a change that happened would only be refused ('already cancelled', or a stale version).
   */
  private async releaseAfter(view: BookingView, reason: 'cancelled' | 'declined' | 'moved', context: ChangeBookingCommand['context']): Promise<void> {
    if (!view.claimId || !view.departure) return;
    try {
      await this.seats.release({ departure: { supplierId: view.supplierId, ...view.departure }, bookingId: view.id, claimId: view.claimId, reason, context });
    } catch (err) {
      this.log.warn(`booking ${view.id}: its seats (claim ${view.claimId}) go back through the seat claims process manager`, { error: (err as Error).message });
    }
  }

  /**
   * The pick-up hotel after an amendment, as a new booking's: a hotel of the list, or a custom name (no hotel and no
   * name is 'Hotel is required'). Neither sent: the booking's own, kept as it was even if the list lost it since.
   */
  private async amendedHotel(view: BookingView, action: Extract<BookingAction, { kind: 'amend' }>) {
    const kept = action.hotelId === undefined && action.customHotelName === undefined;
    const hotel = kept ? await this.facts.hotel(view.hotelId).catch((e: unknown) => (e instanceof ValidationError ? null : Promise.reject(e))) : await this.facts.hotel(action.hotelId ?? null);
    if (kept && !hotel) {
      const { hotelId, customHotelName, hotelName, regionId, regionName } = view;
      return { hotel: null, data: { hotelId, customHotelName, hotelName, regionId, regionName } };
    }
    const custom = hotel ? null : (action.customHotelName ?? '').trim();
    if (!hotel && !custom) throw new ValidationError(BOOKING_MESSAGES.hotel, { hotelId: [BOOKING_MESSAGES.hotel] });
    return {
      hotel,
      data: { hotelId: hotel?.id ?? null, customHotelName: custom, hotelName: hotel?.name ?? custom!, regionId: hotel?.regionId ?? null, regionName: hotel?.regionName ?? '' },
    };
  }

  /** A cancellation just decided is dated by the change (the decider's fold has no recorded times). */
  private answer({ state, position }: { state: BookingState; position: string | null }, now?: Date): ChangedBooking {
    const view = state.view!;
    const cancellation = view.cancellation && !view.cancellation.at && now ? { ...view.cancellation, at: now.toISOString() } : view.cancellation;
    return { view: { ...view, cancellation }, position, difference: null };
  }
}
