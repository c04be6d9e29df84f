import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, ConflictError, EVENT_STORE, IdGenerator, type EventStore } from '@tbo/kernel';
import { DepartureSeats, dubaiToday } from '@tbo/scheduling';
import { BOOKING_CLOCK, BookingFaults, type BookingClock } from './booking-clock';
import { bookings } from './booking-stream';
import { CreateBookingCommand, type ResellerBooking } from './booking.commands';
import { BookingFacts } from './booking-facts';
import { decideNewBooking } from './new-booking.rules';
import { createRunNote, settleEarlierCreate, type CreateRunNote } from './retried-create';
import { settleSeatClaim } from './settle-seat-claim';

export interface CreatedBooking {
  id: number;
  status: number;
  position: string | null;
}

/**
 * A new booking in two appends, never one transaction across streams (ARCHITECTURE.md, "Selling seats"):
 * the seats are taken on the departure's stream with its expected revision (queued per departure in this
 * process), then BookingCreated is written naming that seat claim. A crash between the two leaves a claim
 * without its booking; the settling step (settle-seat-claim.ts) voids it and gives the seats back.
 *
 * An OCTO reseller's booking comes with its booking id and claim (allocated when the seats were held), and
 * the take turns that hold into the booking's seats. Its confirm may be retried after a crash anywhere:
 * taking a claim already taken changes nothing, and a booking already written is answered as it is.
 *
 * A create sent with an Idempotency-Key notes its booking id and claim on the key before its first append; a retry
 * that takes the key over from a dead process settles that run first (retried-create.ts), so it never books twice.
 */
@CommandHandler(CreateBookingCommand)
export class CreateBookingHandler implements ICommandHandler<CreateBookingCommand, CreatedBooking> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
    private readonly facts: BookingFacts,
    private readonly seats: DepartureSeats,
    private readonly faults: BookingFaults,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(BOOKING_CLOCK) private readonly clock: BookingClock,
  ) {}

  async execute({ user, input, context, channel, at, reseller, work }: CreateBookingCommand): Promise<CreatedBooking> {
    if (reseller) {
      const made = await this.madeBefore(reseller);
      if (made) return made;
    }
    const earlier = createRunNote(work?.earlier);
    if (earlier) {
      const made = await settleEarlierCreate(this.runner, this.store, earlier);
      if (made) return { ...made, position: null };
    }
    const now = at ?? this.clock();
    const offer = await this.facts.offer(input.offerId);
    const { booker, commission } = reseller ? await this.facts.resellerBooker(reseller.agencyId, offer.supplierId) : await this.facts.booker(user, offer.supplierId, channel);
    const [slot, hotel, supplierPolicy, arrival] = await Promise.all([this.facts.slot(offer.supplierId, input.timeSlotId), this.facts.hotel(input.hotelId), this.facts.supplierPolicy(offer), this.facts.arrival(booker, input.arrivalId, { hotelId: input.hotelId, date: input.date })]);
    const pickUp = await this.facts.pickUp(slot, hotel);
    const today = dubaiToday(now);
    const data = decideNewBooking({ ...input, ...arrival }, { now, today, offer, slot, contractCommission: commission, booker, hotel, pickUp, supplierPolicy, reseller });

    const id = reseller?.bookingId ?? (await this.ids.next('booking'));
    const claimId = data.departure ? (reseller?.claimId ?? randomUUID()) : null;
    const departure = data.departure && { supplierId: offer.supplierId, ...data.departure };
    if (work) await work.note({ bookingId: id, claimId: claimId ?? randomUUID(), departure } satisfies CreateRunNote);
    if (data.departure && slot) {
      await this.seats.take({ slot, date: data.date, claim: { bookingId: id, claimId: claimId!, seats: data.seats, fromHold: reseller?.fromHold }, today, now, context });
    }
    if (this.faults.beforeBookingAppend) await this.faults.beforeBookingAppend();
    try {
      const outcome = await bookings.create(this.runner, id, { type: 'CreateBooking', data: { ...data, id, claimId } }, context);
      return { id, status: outcome.state.view?.status ?? data.status, position: outcome.position };
    } catch (err) {
      // Refused after the seats were taken (a retry settled this run meanwhile): give them back now rather than when
      // the seat-claim job comes. Settling is safe whatever happened: a booking that did get written keeps them.
      if (claimId && departure && !reseller) await settleSeatClaim(this.runner, this.store, { bookingId: id, claimId, departure }).catch(() => undefined);
      throw err;
    }
  }

  /** A retried reseller confirm whose booking was already written: that booking (its id was allocated for this reservation). */
  private async madeBefore(reseller: ResellerBooking): Promise<CreatedBooking | null> {
    const view = (await bookings.load(this.store, reseller.bookingId)).view;
    if (!view) return null;
    if (view.agencyId !== reseller.agencyId || view.claimId !== reseller.claimId) throw new ConflictError(`Booking ${reseller.bookingId} already exists`);
    return { id: view.id, status: view.status, position: null };
  }
}
