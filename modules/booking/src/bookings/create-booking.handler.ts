import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandRunner, IdGenerator } from '@tbo/kernel';
import { DepartureSeats, dubaiToday } from '@tbo/scheduling';
import { BOOKING_CLOCK, BookingFaults, type BookingClock } from './booking-clock';
import { bookings } from './booking-stream';
import { CreateBookingCommand } from './booking.commands';
import { BookingFacts } from './booking-facts';
import { decideNewBooking } from './new-booking.rules';

export interface CreatedBooking {
  id: number;
  status: number;
  position: string | null;
}

/**
 * A new booking in two appends, never one transaction across streams (ARCHITECTURE.md, "Selling seats"):
 * the seats are taken on the departure's stream with its expected revision (queued per departure in this
 * process), then BookingCreated is written naming that seat claim. A crash between the two leaves a claim
 * without its booking; the settling step (settle-seat-claim.handler.ts) voids it and gives the seats back.
 */
@CommandHandler(CreateBookingCommand)
export class CreateBookingHandler implements ICommandHandler<CreateBookingCommand, CreatedBooking> {
  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
    private readonly facts: BookingFacts,
    private readonly seats: DepartureSeats,
    private readonly faults: BookingFaults,
    @Inject(BOOKING_CLOCK) private readonly clock: BookingClock,
  ) {}

  async execute({ user, input, context, channel, at }: CreateBookingCommand): Promise<CreatedBooking> {
    const now = at ?? this.clock();
    const offer = await this.facts.offer(input.offerId);
    const { booker, commission } = await this.facts.booker(user, offer.supplierId, channel);
    const [slot, hotel, supplierPolicy] = await Promise.all([this.facts.slot(offer.supplierId, input.timeSlotId), this.facts.hotel(input.hotelId), this.facts.supplierPolicy(offer)]);
    const pickUp = await this.facts.pickUp(slot, hotel);
    const today = dubaiToday(now);
    const data = decideNewBooking(input, { now, today, offer, slot, contractCommission: commission, booker, hotel, pickUp, supplierPolicy });

    const id = await this.ids.next('booking');
    const claimId = data.departure ? randomUUID() : null;
    if (data.departure && slot) {
      await this.seats.take({ slot, date: data.date, claim: { bookingId: id, claimId: claimId!, seats: data.seats }, today, context });
      if (this.faults.afterSeatsTaken) await this.faults.afterSeatsTaken();
    }
    const outcome = await bookings.create(this.runner, id, { type: 'CreateBooking', data: { ...data, id, claimId } }, context);
    return { id, status: data.status, position: outcome.position };
  }
}
