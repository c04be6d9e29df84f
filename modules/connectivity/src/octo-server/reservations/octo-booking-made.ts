import type { Knex } from 'knex';
import { BOOKING_STATUS, bookingForDocuments, type BookingView } from '@tbo/booking';
import { recordedAs, type OctoBookingReservedData, type OctoContactData, type OctoEvent, type OctoPickupData } from '@tbo/event-schemas';
import { CommandRunner, fold, systemContext, type CommandContext, type EventStore } from '@tbo/kernel';
import { findOctoBookingUuids } from '@tbo/read-models';
import { NO_HOTEL_NAME } from '@tbo/scheduling';
import { OctoProblem } from '../pure/octo-problem.pure';
import { octoReservationDecider, octoReservationStream, type ReservationCommand, type ReservationState } from './octo-reservation';

/*
 * A confirmation is two appends on two streams: the booking (BookingCreated, the hold turned into its seats), then
 * OctoBookingConfirmed on the reservation. When the second never happens (a crash, a failure in between), the
 * booking stands while the reservation still says ON_HOLD. What is here finishes the confirmation from the
 * booking: every change of the reservation does it first (OctoBookingChanges), and the worker's process manager
 * (octo-confirmations.process-manager.ts) does it for a booking whose reservation nobody touches again.
 */

/**
 * The booking the reservation's confirmation made, when it is written: its id was allocated for this reservation
 * when it was reserved, so a booking of that id, of the reservation's agency and channel OCTO, is its booking
 * (its seat claim may have moved since, by a change of date in the back office). Null when none was made, or the
 * booking's stream holds only the settling step's void of an unfinished one.
 */
export async function bookingMadeFor(store: EventStore, r: OctoBookingReservedData): Promise<BookingView | null> {
  const view = (await bookingForDocuments(store, r.bookingId))?.view ?? null;
  return view && view.channel === 'octo' && view.agencyId === r.agencyId && view.supplierId === r.supplierId ? view : null;
}

/**
 * The confirmation of a reservation whose booking is made, as the reservation records it: the booking is the
 * authority on what it holds (the guest's name and phone, the reference, notes, hotel and room), `contact` gives the
 * rest of the contact (the reservation's, or the one a retried confirmation sends again). Pure.
 */
export function confirmationOf(s: ReservationState, view: BookingView, contact: OctoContactData, now: Date): Extract<ReservationCommand, { type: 'Confirm' }> {
  const r = s.reserved!;
  const was = s.pickup ?? r.pickup;
  const custom = view.customHotelName && view.customHotelName !== NO_HOTEL_NAME ? view.customHotelName : null;
  // A hotel of ours keeps the name the reseller gave it; a hotel named freely is the booking's.
  const hotelName = view.hotelId ? (view.hotelId === was.hotelId ? was.hotelName : view.hotelName) : custom;
  const pickup: OctoPickupData = { requested: was.requested || view.hotelId !== null || custom !== null, hotelId: view.hotelId, hotelName, room: view.roomNumber.trim() || null };
  return {
    type: 'Confirm',
    uuid: r.uuid,
    supplierId: r.supplierId,
    agencyId: r.agencyId,
    bookingId: view.id,
    pending: view.status === BOOKING_STATUS.pending,
    now: now.toISOString(),
    resellerReference: view.resellerReference ?? null,
    contact: { ...contact, fullName: view.guestName, phoneNumber: view.phones[0] ?? null },
    notes: view.notes.trim() || null,
    pickup,
    unitItems: s.unitItems,
  };
}

/** The reservation's state on its stream. */
export async function reservationState(store: EventStore, uuid: string): Promise<ReservationState> {
  return fold(octoReservationDecider, recordedAs<OctoEvent>(await store.readStream(octoReservationStream(uuid))));
}

/**
 * What finishing a confirmation found: `recorded` (OctoBookingConfirmed written now), `confirmed` (recorded
 * already), `cancelled` (the reservation was cancelled: its booking is not this step's to undo), `not-made` (no
 * booking written for it: nothing to finish), `none` (no such reservation).
 */
export type BookingMadeOutcome = 'recorded' | 'confirmed' | 'cancelled' | 'not-made' | 'none';

/**
 * Records the confirmation of the reservation `uuid` when its booking is made and it still says ON_HOLD. Idempotent:
 * run again (or beside a confirmation recording it meanwhile) it finds it confirmed and writes nothing.
 */
export async function recordBookingMade(runner: CommandRunner, store: EventStore, uuid: string, context: CommandContext, now: Date): Promise<BookingMadeOutcome> {
  const s = await reservationState(store, uuid);
  if (!s.reserved) return 'none';
  if (s.cancelled) return 'cancelled';
  if (s.confirmed) return 'confirmed';
  const view = await bookingMadeFor(store, s.reserved);
  if (!view) return 'not-made';
  try {
    const outcome = await runner.run({ stream: octoReservationStream(uuid), decider: octoReservationDecider, command: confirmationOf(s, view, s.contact!, now), context });
    return outcome.events.length ? 'recorded' : 'confirmed';
  } catch (e) {
    // Cancelled by the reseller between the read and the record.
    if (e instanceof OctoProblem) return 'cancelled';
    throw e;
  }
}

/** A booking made over OCTO, to be checked against its reservation (see octoConfirmationsProcessManager). */
export interface OctoConfirmationJob {
  bookingId: number;
  supplierId: number;
  agencyId: number;
}

/**
 * The worker's step: finds the reservation the booking was made for (by the octo_bookings read table, written
 * when it was reserved, long before) and records its confirmation if it still says ON_HOLD. A reservation not
 * listed yet (the read table behind) fails the job, which is tried again.
 */
export async function settleOctoConfirmation(deps: { store: EventStore; db: Knex; runner: CommandRunner }, job: OctoConfirmationJob, now: Date = new Date()): Promise<BookingMadeOutcome> {
  const [uuid] = await findOctoBookingUuids(deps.db, { supplierId: job.supplierId, agencyId: job.agencyId, bookingId: job.bookingId }, 1);
  if (!uuid) throw new Error(`No OCTO reservation listed yet for booking ${job.bookingId}`);
  return recordBookingMade(deps.runner, deps.store, uuid, systemContext('octo-confirmations'), now);
}
