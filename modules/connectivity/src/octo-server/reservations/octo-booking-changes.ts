import { isDeepStrictEqual } from 'node:util';
import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ChangeBookingCommand, CreateBookingCommand, bookingForDocuments, resellerUser, type ChangedBooking, type CreatedBooking, type NewBookingInput } from '@tbo/booking';
import type { OctoContactData, OctoPickupData, OctoUnitItemData } from '@tbo/event-schemas';
import { AppError, CommandRunner, ConflictError, EVENT_STORE, ValidationError, type CommandContext, type EventStore } from '@tbo/kernel';
import { DepartureSeats, NO_HOTEL_NAME, SEAT_MESSAGES, type SlotForBooking } from '@tbo/scheduling';
import type { ResellerCaller } from '../../resellers/reseller-caller';
import type { Capabilities } from '../octo-capabilities';
import { OctoFaults } from '../octo-faults';
import { OctoPickups } from '../catalog/octo-pickups';
import { badRequest, invalidBookingUuid, OCTO_MESSAGES, OctoProblem, unprocessable } from '../pure/octo-problem.pure';
import { dubaiDate } from '../pure/octo-time.pure';
import { countUnits } from '../pure/octo-units.pure';
import { lastCancelAt, refundOf, type ReservationRead } from './octo-booking-view';
import { bookingUuid, cancelInput, confirmInput, contactOf, extendInput, updateInput, type ChangeInput } from './octo-booking.inputs';
import { bookingMadeFor, confirmationOf } from './octo-booking-made';
import { isExpired, octoReservationDecider, octoReservationStream, type ReservationCommand, type ReservationState } from './octo-reservation';
import { OctoReservationReader } from './octo-reservation-reader';
import { ReservationLocks } from './reservation-locks';

/** An amend decided again after an operator's change landed between its read and its append; more means a storm. */
const AMEND_ATTEMPTS = 3;

const CANCELLED_BY_RESELLER = 'Cancelled by the reseller';

/**
 * What a reseller does with its reservation after making it. Each step does the seats' or the booking's part
 * first and then records it on the reservation's stream; each is safe to retry: an extension moves the same
 * hold, a confirmation finds its booking made (the booking id and claim were fixed at reserve), a
 * cancellation finds the hold released or the booking cancelled.
 *
 * A confirmation stopped between its two appends (the booking made, the reservation not yet told) is finished
 * before any change: a reservation still ON_HOLD whose booking stands is recorded confirmed first, whatever its
 * expiry, so a retried confirm answers that booking, a cancel cancels it, an update amends it. The worker's
 * process manager does the same for a reservation nobody touches again (octo-confirmations.process-manager.ts).
 */
@Injectable()
export class OctoBookingChanges {
  constructor(
    private readonly runner: CommandRunner,
    private readonly commands: CommandBus,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly seats: DepartureSeats,
    private readonly pickups: OctoPickups,
    private readonly reader: OctoReservationReader,
    private readonly locks: ReservationLocks,
    private readonly faults: OctoFaults,
  ) {}

  /**
   * A change of one of the caller's reservations, after any other change of it in any process (see ReservationLocks):
   * the body is read first (a bad one is refused before the reservation is looked up), then the reservation, whose
   * confirmation is finished first when its booking was made without it being recorded. `contact`: the contact a
   * confirmation sends, for the fields the booking does not keep.
   */
  private one<I, T>(
    caller: ResellerCaller,
    rawUuid: unknown,
    input: () => I,
    now: Date,
    context: CommandContext,
    work: (change: I, uuid: string, read: ReservationRead) => Promise<T>,
    contact?: (change: I, s: ReservationState) => OctoContactData,
  ): Promise<T> {
    return this.locks.run(bookingUuid(rawUuid), async () => {
      const change = input();
      const { uuid, read } = await this.reader.owned(caller, rawUuid);
      return work(change, uuid, await this.finishConfirmation(uuid, read, now, context, contact && ((s) => contact(change, s))));
    });
  }

  /** A reservation ON_HOLD whose booking was made (its confirmation stopped before recording it): recorded confirmed now. */
  private async finishConfirmation(uuid: string, read: ReservationRead, now: Date, context: CommandContext, contact?: (s: ReservationState) => OctoContactData): Promise<ReservationRead> {
    const s = read.state;
    if (!s.reserved || s.confirmed || s.cancelled) return read;
    const made = await bookingMadeFor(this.store, s.reserved);
    if (!made) return read;
    await this.record(confirmationOf(s, made, contact?.(s) ?? s.contact ?? contactOf(null), now), context);
    return this.reader.load(uuid);
  }

  extend(caller: ResellerCaller, caps: Capabilities, rawUuid: unknown, body: unknown, now: Date, context: CommandContext) {
    return this.one(caller, rawUuid, () => extendInput(body), now, context, async (minutes, uuid, read) => {
      const s = read.state;
      if (s.cancelled) throw unprocessable(OCTO_MESSAGES.cancelled);
      if (s.confirmed) throw unprocessable(OCTO_MESSAGES.notOnHold);
      if (isExpired(s, now)) throw invalidBookingUuid(uuid, OCTO_MESSAGES.expired);
      await this.extendHold(uuid, s, later(s, new Date(now.getTime() + minutes * 60_000)), now, context);
      return this.reader.render(await this.reader.load(uuid), caps, now);
    });
  }

  confirm(caller: ResellerCaller, caps: Capabilities, rawUuid: unknown, body: unknown, now: Date, context: CommandContext) {
    return this.one(
      caller,
      rawUuid,
      () => confirmInput(body),
      now,
      context,
      (change, uuid, read) => this.confirmNow(caller, change, uuid, read, caps, now, context),
      (change, s) => (change.contact !== undefined ? contactOf(change.contact, s.contact) : (s.contact ?? contactOf(null))),
    );
  }

  private async confirmNow(caller: ResellerCaller, change: ChangeInput, uuid: string, read: ReservationRead, caps: Capabilities, now: Date, context: CommandContext) {
    const s = read.state;
    const r = s.reserved!;
    if (s.cancelled) throw unprocessable(OCTO_MESSAGES.cancelled);
    if (s.confirmed) return this.reader.render(read, caps, now);
    if (isExpired(s, now)) throw invalidBookingUuid(uuid, OCTO_MESSAGES.expired);
    const unitItems = unitItemsAfter(s, change);
    if (!unitItems) throw unprocessable(OCTO_MESSAGES.unitItemsChanged);
    const next = await this.applied(s, change);
    const guestName = next.contact.fullName?.trim();
    if (!guestName) throw badRequest(OCTO_MESSAGES.contact);
    const input: NewBookingInput = {
      tourId: r.tourId,
      offerId: r.offerId,
      date: r.date,
      timeSlotId: r.timeSlotId,
      ...countUnits(s.unitItems.map((u) => u.unitId)),
      foc: 0,
      hotelId: next.pickup.hotelId,
      customHotelName: next.pickup.hotelId ? null : next.pickup.hotelName || NO_HOTEL_NAME,
      guestName,
      roomNumber: next.pickup.room ?? '',
      phones: next.contact.phoneNumber ? [next.contact.phoneNumber] : [],
      paid: 0,
      paidOrig: null,
      collect: 0,
      collectOrig: null,
      voucherNumber: next.resellerReference ?? '',
      notes: next.notes ?? '',
      arrivalId: null,
      groupId: null,
      groupInfoId: null,
    };
    const created: CreatedBooking = await this.commands
      .execute(
        new CreateBookingCommand(resellerUser(caller.agencyId, caller.agencyName), input, context, 'octo', undefined, {
          agencyId: caller.agencyId,
          keyId: r.keyId,
          bookingId: r.bookingId,
          claimId: r.claimId,
          resellerReference: next.resellerReference,
          fromHold: true,
        }),
      )
      .catch((e: unknown) => octoRefusal(e, uuid));
    if (this.faults.afterBookingMade) await this.faults.afterBookingMade();
    try {
      await this.record({ type: 'Confirm', uuid, ...owner(s), bookingId: created.id, pending: created.status === 1, now: now.toISOString(), ...next, unitItems }, context);
    } catch (e) {
      // Every change of the reservation waits for its lock, so nothing should cancel it meanwhile; should something
      // all the same (a process without the lock during a rolling deploy), the booking just made must not stand.
      if (e instanceof OctoProblem) await this.commands.execute(new ChangeBookingCommand(created.id, { kind: 'agency', agencyId: caller.agencyId, agentId: null }, { kind: 'cancel', reason: CANCELLED_BY_RESELLER }, context));
      throw e;
    }
    return this.reader.render(await this.reader.load(uuid), caps, now);
  }

  update(caller: ResellerCaller, caps: Capabilities, rawUuid: unknown, body: unknown, now: Date, context: CommandContext) {
    return this.one(caller, rawUuid, () => updateInput(body), now, context, (change, uuid, read) => this.updateNow(caller, change, uuid, read, caps, now, context));
  }

  private async updateNow(caller: ResellerCaller, change: ChangeInput, uuid: string, read: ReservationRead, caps: Capabilities, now: Date, context: CommandContext) {
    const s = read.state;
    const r = s.reserved!;
    if (s.cancelled) throw unprocessable(OCTO_MESSAGES.cancelled);
    if (isExpired(s, now)) throw invalidBookingUuid(uuid, OCTO_MESSAGES.expired);
    // Only text or a number can be the same id; anything else sent (an object) is not, and is never made text.
    const same = (asked: unknown, is: string) => asked === undefined || asked === null || ((typeof asked === 'string' || typeof asked === 'number') && String(asked) === is);
    const unitItems = unitItemsAfter(s, change);
    if (!same(change.productId, String(r.tourId)) || !same(change.optionId, String(r.offerId)) || !same(change.availabilityId, r.availabilityId) || !unitItems) {
      throw unprocessable(OCTO_MESSAGES.unitItemsChanged);
    }
    const next = await this.applied(s, change);
    if (change.expirationMinutes && !s.confirmed) await this.extendHold(uuid, s, later(s, new Date(now.getTime() + change.expirationMinutes * 60_000)), now, context);
    const was: Applied = { resellerReference: s.resellerReference, contact: s.contact ?? contactOf(null), notes: s.notes, pickup: s.pickup ?? r.pickup };
    const changed = !isDeepStrictEqual(next, { resellerReference: s.resellerReference, contact: s.contact, notes: s.notes, pickup: s.pickup });
    if (changed && s.confirmed) await this.amendBooking(caller, s.confirmed.bookingId, was, next, context);
    // The unit items' references are the reservation's alone (the booking keeps counts): recorded, no amend.
    if (changed || !isDeepStrictEqual(unitItems, s.unitItems)) await this.record({ type: 'Update', uuid, ...owner(s), now: now.toISOString(), ...next, unitItems }, context);
    return this.reader.render(await this.reader.load(uuid), caps, now);
  }

  cancel(caller: ResellerCaller, caps: Capabilities, rawUuid: unknown, body: unknown, now: Date, context: CommandContext) {
    return this.one(caller, rawUuid, () => cancelInput(body).reason, now, context, (reason, uuid, read) => this.cancelNow(caller, reason, uuid, read, caps, now, context));
  }

  private async cancelNow(caller: ResellerCaller, reason: string | null, uuid: string, read: ReservationRead, caps: Capabilities, now: Date, context: CommandContext) {
    const s = read.state;
    const r = s.reserved!;
    if (s.cancelled) return this.reader.render(read, caps, now);
    let refund: 'FULL' | 'PARTIAL' | 'NONE' = 'FULL';
    if (s.confirmed) {
      const booking = await bookingForDocuments(this.store, s.confirmed.bookingId);
      let penalty = booking?.view.cancellation?.penaltyPercent ?? 0;
      // Declined by the supplier: REJECTED stays what it is, there is nothing left to cancel.
      if (booking?.declined) throw unprocessable(OCTO_MESSAGES.rejected);
      // Cancelled already (by the back office, or by this cancel's first try before a crash): answered as it is,
      // the booking's reason, refund and time, which recording this cancel would replace with its own and now.
      if (booking?.cancelled) return this.reader.render(read, caps, now);
      if (booking) {
        // OCTO's cancellationCutoff: past it a reseller no longer cancels (the back office still may, with its policy).
        if (now.getTime() > lastCancelAt(booking.view)) throw unprocessable(OCTO_MESSAGES.pastCutoff);
        const changed: ChangedBooking = await this.commands
          .execute(new ChangeBookingCommand(s.confirmed.bookingId, { kind: 'agency', agencyId: caller.agencyId, agentId: null }, { kind: 'cancel', reason: reason ?? CANCELLED_BY_RESELLER }, context))
          .catch((e: unknown) => octoRefusal(e));
        penalty = changed.view.cancellation?.penaltyPercent ?? 0;
      }
      refund = refundOf(penalty);
    } else {
      // No booking was made for it (one(), before this, records the confirmation of a booking made): the hold goes back.
      const slot = await this.seats.slot(r.supplierId, r.timeSlotId);
      if (slot) await this.seats.releaseHold({ slot, date: r.date, bookingId: r.bookingId, claimId: r.claimId, reason: 'cancelled', now, context });
    }
    await this.record({ type: 'Cancel', uuid, ...owner(s), reason, refund, booking: !!s.confirmed }, context);
    return this.reader.render(await this.reader.load(uuid), caps, now);
  }

  private async extendHold(uuid: string, s: ReservationState, expiresAt: Date, now: Date, context: CommandContext): Promise<void> {
    const r = s.reserved!;
    const slot = await this.slotOf(s);
    await this.seats.extendHold({ slot, date: r.date, bookingId: r.bookingId, claimId: r.claimId, expiresAt, today: dubaiDate(now), now, context }).catch((e: unknown) => octoRefusal(e, uuid));
    await this.record({ type: 'Extend', uuid, ...owner(s), expiresAt: expiresAt.toISOString(), now: now.toISOString() }, context);
  }

  private async slotOf(s: ReservationState): Promise<SlotForBooking> {
    const slot = await this.seats.slot(s.reserved!.supplierId, s.reserved!.timeSlotId);
    if (!slot) throw unprocessable('This availability is no longer sold');
    return slot;
  }

  /** What the reservation says once the change is applied: fields sent replace, fields absent stay. */
  private async applied(s: ReservationState, change: ChangeInput): Promise<Applied> {
    const was = s.pickup ?? s.reserved!.pickup;
    let pickup: OctoPickupData = { requested: change.pickup.requested ?? was.requested, hotelId: change.pickup.hotelId !== undefined ? change.pickup.hotelId : was.hotelId, hotelName: change.pickup.hotelName !== undefined ? change.pickup.hotelName : was.hotelName, room: change.pickup.room !== undefined ? change.pickup.room : was.room };
    if (pickup.hotelId && pickup.hotelId !== was.hotelId) {
      const slot = await this.slotOf(s);
      const hotel = await this.pickups.hotel(pickup.hotelId);
      if (!hotel || !(await this.seats.pickUpWindow(slot, hotel.id, hotel.regionId))) throw badRequest('pickupPointId: not a pick-up point of this availability');
      pickup = { ...pickup, requested: true, hotelName: change.pickup.hotelName ?? hotel.name };
    }
    return {
      resellerReference: change.resellerReference !== undefined ? change.resellerReference : s.resellerReference,
      contact: change.contact !== undefined ? contactOf(change.contact, s.contact) : (s.contact ?? contactOf(null)),
      notes: change.notes !== undefined ? change.notes : s.notes,
      pickup,
    };
  }

  /**
   * A confirmed booking takes the reseller's changes of guest, phone, hotel, room, reference and notes: only the
   * fields this PATCH changed from what the reseller said before (`was`), so what operations amended since stands
   * unless the reseller changes it again. The booking fills the other fields from the state it decides on and
   * appends on that state's revision; an operator's amend landing in between makes it decide again, not overwrite.
   * A reference changed (or cleared) is the booking's voucher, so the two agree.
   */
  private async amendBooking(caller: ResellerCaller, bookingId: number, was: Applied, next: Applied, context: CommandContext): Promise<void> {
    const booking = await bookingForDocuments(this.store, bookingId);
    if (!booking || booking.cancelled || booking.declined) throw unprocessable(OCTO_MESSAGES.cancelled);
    const changed = <T>(a: T, b: T) => !isDeepStrictEqual(a, b);
    const hotelChanged = changed(next.pickup.hotelId, was.pickup.hotelId) || changed(next.pickup.hotelName, was.pickup.hotelName);
    const fields = {
      guestName: changed(next.contact.fullName, was.contact.fullName) ? next.contact.fullName?.trim() || undefined : undefined,
      roomNumber: changed(next.pickup.room, was.pickup.room) ? (next.pickup.room ?? '') : undefined,
      phones: changed(next.contact.phoneNumber, was.contact.phoneNumber) ? (next.contact.phoneNumber ? [next.contact.phoneNumber] : []) : undefined,
      notes: changed(next.notes, was.notes) ? (next.notes ?? '') : undefined,
      voucher: changed(next.resellerReference, was.resellerReference) ? (next.resellerReference ?? '') : undefined,
      ...(hotelChanged ? { hotelId: next.pickup.hotelId, customHotelName: next.pickup.hotelId ? null : next.pickup.hotelName || NO_HOTEL_NAME } : {}),
    };
    // Nothing the booking keeps changed (an email, a postal code): an amend would only move its version, and an
    // operator with the booking open would be refused as stale for a change they cannot see.
    if (Object.values(fields).every((v) => v === undefined)) return;
    const action = { kind: 'amend' as const, ...fields };
    for (let attempt = 1; ; attempt++) {
      try {
        await this.commands.execute(new ChangeBookingCommand(bookingId, { kind: 'agency', agencyId: caller.agencyId, agentId: null }, action, context));
        return;
      } catch (e) {
        if (!(e instanceof ConflictError) || attempt >= AMEND_ATTEMPTS) octoRefusal(e);
      }
    }
  }

  private async record(command: ReservationCommand, context: CommandContext): Promise<void> {
    await this.runner.run({ stream: octoReservationStream(command.type === 'Reserve' ? command.data.uuid : command.uuid), decider: octoReservationDecider, command, context });
  }
}

/**
 * A refusal from the seats or the booking in OCTO's terms: a hold that expired meanwhile makes the reservation's
 * uuid unknown (when the step names it), any other refusal is unprocessable; a failure stays what it is.
 */
function octoRefusal(e: unknown, uuid?: string): never {
  if (uuid !== undefined && e instanceof ValidationError && e.message === SEAT_MESSAGES.holdExpired) throw invalidBookingUuid(uuid, OCTO_MESSAGES.expired);
  if (e instanceof AppError && e.code < 500) throw unprocessable(e.message);
  throw e;
}

/** What the reservation says of the reference, contact, notes and pick-up. */
type Applied = { resellerReference: string | null; contact: OctoContactData; notes: string | null; pickup: OctoPickupData };

/** An extension never shortens a hold: the later of its expiry now and the one asked for. */
function later(s: ReservationState, asked: Date): Date {
  const now = s.expiresAt ? Date.parse(s.expiresAt) : 0;
  return asked.getTime() >= now ? asked : new Date(now);
}

const owner = (s: ReservationState) => ({ supplierId: s.reserved!.supplierId, agencyId: s.reserved!.agencyId });

/**
 * The unit items once a confirmation or update sent them (OCTO states them whole, as it does the contact): the
 * reservation's units in any order (the seats held are for those), each with the reference sent. An item sent
 * with the uuid of one of the reservation's is that one; one without takes the next of its unit still untaken,
 * keeping its uuid; one with a uuid of its own takes the next of its unit under that uuid. Null when the units
 * differ, or a uuid names an item of another unit.
 */
function unitItemsAfter(s: ReservationState, change: ChangeInput): OctoUnitItemData[] | null {
  const sent = change.unitItems;
  if (!sent) return s.unitItems;
  const ids = (items: readonly { unitId: string }[]) => items.map((u) => u.unitId).sort().join(',');
  if (ids(sent) !== ids(s.unitItems)) return null;
  const free = [...s.unitItems];
  const take = (i: number) => free.splice(i, 1)[0]!;
  // Those naming theirs first, so that one sent without a uuid before them cannot take theirs.
  const named = sent.map((u) => {
    const i = u.uuid ? free.findIndex((f) => f.uuid === u.uuid) : -1;
    return i < 0 ? null : take(i);
  });
  if (named.some((own, n) => own && own.unitId !== sent[n]!.unitId)) return null;
  return sent.map((u, n) => {
    const own = named[n] ?? take(free.findIndex((f) => f.unitId === u.unitId));
    return { uuid: u.uuid ?? own.uuid, unitId: u.unitId, resellerReference: u.resellerReference };
  });
}
