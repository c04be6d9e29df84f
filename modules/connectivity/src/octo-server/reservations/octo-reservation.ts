import { isDeepStrictEqual } from 'node:util';
import type { OctoBookingReservedData, OctoContactData, OctoEvent, OctoPickupData, OctoUnitItemData } from '@tbo/event-schemas';
import type { Decider } from '@tbo/kernel';
import { invalidBookingUuid, OCTO_MESSAGES, unprocessable } from '../pure/octo-problem.pure';

/*
 * An OCTO reservation's stream (`octoreservation-<uuid>`): reserved (seats held on the departure until its
 * expiry), extended, confirmed (its booking made), updated, cancelled. The seats themselves are the
 * departure's to decide and the booking's money the booking's; this stream keeps what the reseller said and
 * what became of it. EXPIRED is not an event: an ON_HOLD reservation read after its expiry is expired.
 */

export const octoReservationStream = (uuid: string): string => `octoreservation-${uuid.toLowerCase()}`;

export interface ReservationState {
  /** The stream's revision: -1 before its first event. */
  revision: number;
  reserved: OctoBookingReservedData | null;
  expiresAt: string | null;
  confirmed: { bookingId: number; pending: boolean } | null;
  cancelled: { reason: string | null; refund: 'FULL' | 'PARTIAL' | 'NONE' } | null;
  resellerReference: string | null;
  contact: OctoContactData | null;
  notes: string | null;
  pickup: OctoPickupData | null;
  unitItems: OctoUnitItemData[];
}

export const emptyReservation = (): ReservationState => ({
  revision: -1,
  reserved: null,
  expiresAt: null,
  confirmed: null,
  cancelled: null,
  resellerReference: null,
  contact: null,
  notes: null,
  pickup: null,
  unitItems: [],
});

type Owner = { supplierId: number; agencyId: number };

export type ReservationCommand =
  | { type: 'Reserve'; data: OctoBookingReservedData }
  | ({ type: 'Extend'; uuid: string; expiresAt: string; now: string } & Owner)
  | ({ type: 'Confirm'; uuid: string; bookingId: number; pending: boolean; now: string; resellerReference: string | null; contact: OctoContactData; unitItems: OctoUnitItemData[]; pickup: OctoPickupData; notes: string | null } & Owner)
  | ({ type: 'Update'; uuid: string; now: string; resellerReference: string | null; contact: OctoContactData; notes: string | null; pickup: OctoPickupData; unitItems: OctoUnitItemData[] } & Owner)
  /** `booking`: whether the caller cancelled the booking (true) or released the hold (false) before recording it. */
  | ({ type: 'Cancel'; uuid: string; reason: string | null; refund: 'FULL' | 'PARTIAL' | 'NONE'; booking: boolean } & Owner);

/** Whose reservation it is: another reseller's (or none) answers as an unknown uuid, so it reveals nothing. */
export function mustOwn(state: ReservationState, uuid: string, owner: Owner): OctoBookingReservedData {
  const r = state.reserved;
  if (!r || r.supplierId !== owner.supplierId || r.agencyId !== owner.agencyId) throw invalidBookingUuid(uuid);
  return r;
}

/** ON_HOLD and past its expiry at `now`. */
export const isExpired = (state: ReservationState, now: Date | string): boolean =>
  !!state.reserved && !state.confirmed && !state.cancelled && !!state.expiresAt && Date.parse(state.expiresAt) <= new Date(now).getTime();

export const octoReservationDecider: Decider<ReservationCommand, OctoEvent, ReservationState> = {
  initialState: emptyReservation(),
  evolve(state, event) {
    const s = { ...state, revision: state.revision + 1 };
    switch (event.type) {
      case 'OctoBookingReserved': {
        const d = event.data;
        return { ...s, reserved: d, expiresAt: d.expiresAt, resellerReference: d.resellerReference, contact: d.contact, notes: d.notes, pickup: d.pickup, unitItems: d.unitItems };
      }
      case 'OctoBookingExtended':
        return { ...s, expiresAt: event.data.expiresAt };
      case 'OctoBookingConfirmed': {
        const d = event.data;
        return { ...s, confirmed: { bookingId: d.bookingId, pending: d.pending }, resellerReference: d.resellerReference, contact: d.contact, unitItems: d.unitItems, pickup: d.pickup, notes: d.notes };
      }
      case 'OctoBookingUpdated': {
        const d = event.data;
        // An update recorded before PATCH kept unit items has none: the items stay as they were.
        return { ...s, resellerReference: d.resellerReference, contact: d.contact, notes: d.notes, pickup: d.pickup, unitItems: d.unitItems ?? s.unitItems };
      }
      case 'OctoBookingCancelled':
        return { ...s, cancelled: { reason: event.data.reason, refund: event.data.refund } };
    }
  },
  decide(cmd, state) {
    if (cmd.type === 'Reserve') {
      // The uuid is the reseller's idempotency key: once used, the reservation stands as it was made.
      return state.reserved ? [] : [{ type: 'OctoBookingReserved', data: cmd.data }];
    }
    const r = mustOwn(state, cmd.uuid, cmd);
    const key = { uuid: r.uuid, supplierId: r.supplierId, agencyId: r.agencyId };
    switch (cmd.type) {
      case 'Cancel':
        if (state.cancelled) return [];
        // Confirmed by another process after this cancellation released the hold: its booking is not cancelled.
        if (state.confirmed && !cmd.booking) throw unprocessable(OCTO_MESSAGES.confirmedMeanwhile);
        return [{ type: 'OctoBookingCancelled', data: { ...key, reason: cmd.reason, refund: cmd.refund } }];
      case 'Extend':
        if (state.cancelled) throw unprocessable(OCTO_MESSAGES.cancelled);
        if (state.confirmed) throw unprocessable(OCTO_MESSAGES.notOnHold);
        if (isExpired(state, cmd.now)) throw invalidBookingUuid(cmd.uuid, OCTO_MESSAGES.expired);
        return [{ type: 'OctoBookingExtended', data: { ...key, expiresAt: cmd.expiresAt } }];
      case 'Confirm': {
        if (state.cancelled) throw unprocessable(OCTO_MESSAGES.cancelled);
        // A retried confirmation finds the booking made: nothing more to record.
        if (state.confirmed) return [];
        const { bookingId, pending, resellerReference, contact, unitItems, pickup, notes } = cmd;
        return [{ type: 'OctoBookingConfirmed', data: { ...key, bookingId, pending, resellerReference, contact, unitItems, pickup, notes } }];
      }
      case 'Update': {
        if (state.cancelled) throw unprocessable(OCTO_MESSAGES.cancelled);
        if (isExpired(state, cmd.now)) throw invalidBookingUuid(cmd.uuid, OCTO_MESSAGES.expired);
        const { resellerReference, contact, notes, pickup, unitItems } = cmd;
        const was = { resellerReference: state.resellerReference, contact: state.contact, notes: state.notes, pickup: state.pickup, unitItems: state.unitItems };
        // Sent again as it is (a retried PATCH): nothing to record.
        if (isDeepStrictEqual(was, { resellerReference, contact, notes, pickup, unitItems })) return [];
        return [{ type: 'OctoBookingUpdated', data: { ...key, resellerReference, contact, notes, pickup, unitItems } }];
      }
    }
  },
};
