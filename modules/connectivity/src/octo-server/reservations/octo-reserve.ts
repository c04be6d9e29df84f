import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { ContractBook, decideSchedule, type Schedule } from '@tbo/booking';
import type { OctoBookingReservedData, OctoPickupData } from '@tbo/event-schemas';
import { AppError, CommandRunner, IdGenerator, ValidationError, type CommandContext } from '@tbo/kernel';
import { DepartureSeats, type SlotForBooking } from '@tbo/scheduling';
import type { ResellerCaller } from '../../resellers/reseller-caller';
import type { Capabilities } from '../octo-capabilities';
import { OctoCatalog, type OctoOptionFacts } from '../catalog/octo-catalog';
import { OctoPickups } from '../catalog/octo-pickups';
import { availabilityIdOf, slotOfAvailability, spanOf } from '../pure/octo-availability.pure';
import { badRequest, invalidAvailability, invalidBookingUuid, invalidUnit, OCTO_MESSAGES, unprocessable } from '../pure/octo-problem.pure';
import { asksForSameReservation } from '../pure/octo-same-reservation.pure';
import { dubaiDate, parseAvailabilityId } from '../pure/octo-time.pure';
import { countUnits, unitCountProblem, unitIdsOf } from '../pure/octo-units.pure';
import { reserveInput, type PickupAsked, type ReserveInput } from './octo-booking.inputs';
import { mustOwn, octoReservationDecider, octoReservationStream } from './octo-reservation';
import { OctoReservationReader } from './octo-reservation-reader';

/**
 * POST /octo/bookings: a reservation. It holds the seats on the departure's stream first (under a booking id and
 * seat claim allocated now, which its booking will have once confirmed), then writes the reservation's stream.
 * A crash in between leaves a hold that expires by itself. The uuid is the reseller's idempotency key: a uuid
 * already used answers that reservation (its own, asked for again) or INVALID_BOOKING_UUID (another reseller's, or
 * another product, option, availability or party).
 */
@Injectable()
export class OctoReserve {
  constructor(
    private readonly runner: CommandRunner,
    private readonly ids: IdGenerator,
    private readonly catalog: OctoCatalog,
    private readonly seats: DepartureSeats,
    private readonly contracts: ContractBook,
    private readonly pickups: OctoPickups,
    private readonly reader: OctoReservationReader,
  ) {}

  async reserve(caller: ResellerCaller, caps: Capabilities, body: unknown, now: Date, context: CommandContext): Promise<Record<string, unknown>> {
    const input = reserveInput(body);
    const existing = await this.reader.load(input.uuid);
    if (existing.state.reserved) return this.reader.render(this.retried(existing, caller, input), caps, now);
    const product = await this.catalog.product(caller.supplierId, input.productId);
    const option = this.catalog.option(product, input.optionId);
    const sold = unitIdsOf(option.offer.details);
    for (const u of input.unitItems) if (!sold.includes(u.unitId)) throw invalidUnit(u.unitId);
    const parsed = parseAvailabilityId(input.availabilityId);
    const slot = parsed && (slotOfAvailability(option.slots, parsed) as SlotForBooking | null);
    if (!parsed || !slot) throw invalidAvailability(input.availabilityId);
    const counts = countUnits(input.unitItems.map((u) => u.unitId));
    const countProblem = unitCountProblem(option.offer.details, counts);
    if (countProblem) throw unprocessable(countProblem);

    const contract = await this.contracts.contractOf(caller.supplierId, caller.agencyId);
    const schedule = this.schedule(option, slot, parsed.date, counts, now, contract?.commission ?? null, input.availabilityId);
    const pickup = await this.pickupOf(slot, input.pickup);
    const expiresAt = new Date(now.getTime() + input.expirationMinutes * 60_000);
    const bookingId = await this.ids.next('booking');
    const claimId = randomUUID();
    try {
      await this.seats.hold({ slot, date: parsed.date, claim: { bookingId, claimId, seats: schedule.seats }, expiresAt, today: dubaiDate(now), now, context });
    } catch (e) {
      // Sold out, closed for sale: the availability cannot take these units now.
      if (e instanceof ValidationError) throw unprocessable(e.message);
      throw e;
    }
    const data: OctoBookingReservedData = {
      uuid: input.uuid,
      supplierId: caller.supplierId,
      agencyId: caller.agencyId,
      keyId: caller.keyId,
      bookingId,
      claimId,
      tourId: product.tourId,
      offerId: option.offer.offerId,
      timeSlotId: slot.timeSlotId,
      departure: schedule.departure!,
      date: parsed.date,
      availabilityId: availabilityIdOf(slot, option.keys, parsed.date),
      ...spanOf(slot, parsed.date),
      unitItems: input.unitItems,
      seats: schedule.seats,
      expiresAt: expiresAt.toISOString(),
      prices: schedule.prices,
      currency: input.currency,
      resellerReference: input.resellerReference,
      notes: input.notes,
      contact: input.contact,
      pickup,
    };
    const outcome = await this.runner.run({ stream: octoReservationStream(input.uuid), decider: octoReservationDecider, command: { type: 'Reserve', data }, context, newStream: true });
    if (!outcome.events.length) {
      // The same uuid was reserved meanwhile (a retry racing the first request): this hold is not needed.
      await this.seats.releaseHold({ slot, date: parsed.date, bookingId, claimId, reason: 'cancelled', now, context });
      return this.reader.render(this.retried(await this.reader.load(input.uuid), caller, input), caps, now);
    }
    return this.reader.render(await this.reader.load(input.uuid), caps, now);
  }

  /** The reservation a uuid already has, when this request is a retry of it: the caller's, and asking for the same. */
  private retried<R extends { state: Parameters<typeof mustOwn>[0] }>(read: R, caller: ResellerCaller, input: ReserveInput): R {
    const reserved = mustOwn(read.state, input.uuid, caller);
    if (!asksForSameReservation(reserved, input)) throw invalidBookingUuid(input.uuid, OCTO_MESSAGES.uuidTaken);
    return read;
  }

  /**
   * The booking rules of the date, slot and counts, as the booking will be decided when confirmed (its prices
   * at the contract's commission, seats, Pending or not). A date or slot the rules refuse is no availability.
   */
  private schedule(option: OctoOptionFacts, slot: SlotForBooking, date: string, counts: ReturnType<typeof countUnits>, now: Date, commission: number | null, availabilityId: string): Schedule {
    try {
      return decideSchedule({ date, timeSlotId: slot.timeSlotId, ...counts, foc: 0 }, { now, today: dubaiDate(now), offer: option.offer, slot, contractCommission: commission });
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      const fields = Object.keys(e.details ?? {});
      if (fields.includes('date') || fields.includes('timeSlotId')) throw invalidAvailability(availabilityId, e.message);
      throw unprocessable(e.message);
    }
  }

  /** A pick-up point must be one the slot picks up from; a hotel named freely is taken as it is. */
  private async pickupOf(slot: SlotForBooking, asked: PickupAsked): Promise<OctoPickupData> {
    if (!asked.hotelId) return { requested: asked.requested, hotelId: null, hotelName: asked.hotelName, room: asked.room };
    const hotel = await this.pickups.hotel(asked.hotelId);
    const window = hotel ? await this.seats.pickUpWindow(slot, hotel.id, hotel.regionId) : null;
    if (!hotel || !window) throw badRequest('pickupPointId: not a pick-up point of this availability');
    return { requested: true, hotelId: hotel.id, hotelName: asked.hotelName ?? hotel.name, room: asked.room };
  }
}
