import type { DepartureEvent } from '@tbo/event-schemas';
import { ValidationError, type Decider } from '@tbo/kernel';
import { TIME_SLOT_LIMITS } from '../pure/time-slot-rules.pure';
import { timeSlotGroupNotFound, type TimeSlotGroupState } from '../time-slots/time-slot-group';
import { SEAT_MESSAGES } from '../pure/seat-messages.pure';
import { compactDate } from './business-date.pure';

/*
 * A departure is the seats of a time slot group on one business date, or of one slot on one date when the
 * group's slots are independent (each then has a capacity of its own). Every decision about those seats is
 * taken on the departure's own stream with its expected revision (ARCHITECTURE.md, "Selling seats"): closing
 * the date, giving it a capacity of its own, and (the bookings issue adds these events) taking and holding
 * seats. No read table is asked whether there is a seat.
 *
 * The departure does not own its group: whether the caller may manage it, whether the group's slots share
 * its seats, and the capacity the date falls back to are the group's, read from the group's stream by the
 * handler and handed to decide() with the command.
 */

/** Every event a departure's stream holds. */
export type DepartureStreamEvent = DepartureEvent;

export interface DepartureState {
  /** The stream's revision: -1 before its first event. */
  revision: number;
  /** Seats by claim (a booking's claim id): a repeated take or release of the same claim changes nothing. */
  claims: Readonly<Record<string, number>>;
  /** Closed for sale (stop sale) on this date. */
  closed: boolean;
  /** The date's own capacity; null: the group's (or the independent slot's). */
  capacity: number | null;
  /** Seats sold (the claims' sum) and seats held on an OCTO reservation (connectivity adds holds). */
  taken: number;
  held: number;
}

export const emptyDepartureState = (): DepartureState => ({ revision: -1, claims: {}, closed: false, capacity: null, taken: 0, held: 0 });

export interface DepartureRef {
  supplierId: number;
  groupId: number;
  /** Null: the group's departure (its slots share its seats). */
  timeSlotId: number | null;
  /** The business date, YYYY-MM-DD (Dubai). */
  date: string;
}

interface DepartureFacts {
  /** The group's stream as it is now: its supplier, whether its slots are independent, the capacities. */
  group: TimeSlotGroupState;
  /** Today in Dubai (YYYY-MM-DD): earlier dates are history and cannot be changed. */
  today: string;
}

/** A booking's seats: `claimId` is the booking's claim, unique per booking version (a retry sends the same one). */
export interface SeatClaim {
  bookingId: number;
  claimId: string;
  seats: number;
  /**
   * The booking's claim on this same departure that the new one replaces (a change of counts): released in
   * the same append, so its seats count as free for the new claim.
   */
  replacesClaimId?: string | null;
}

export type DepartureCommand = DepartureRef &
  DepartureFacts &
  (
    | { type: 'CloseDeparture' }
    | { type: 'ReopenDeparture' }
    | { type: 'SetDepartureCapacity'; capacity: number | null }
    | ({ type: 'TakeSeats' } & SeatClaim)
    | { type: 'ReleaseSeats'; bookingId: number; claimId: string; reason: 'cancelled' | 'declined' | 'moved' | 'unsettled' }
  );

export const DEPARTURE_MESSAGES = {
  past: 'A date in the past cannot be changed',
  capacity: `Capacity must be between 0 and ${TIME_SLOT_LIMITS.capacityMax}`,
  chooseSlot: "This group's time slots have seats of their own: choose a time slot",
  chooseGroup: "This group's time slots share the group's seats: choose the group, not a time slot",
  belowTaken: (seats: number) => `Capacity cannot be less than the ${seats} seats already taken or held on this date`,
} as const;

/** The stream of a group's (or an independent slot's) departure on a date: `departure-g12d20261201`, `departure-s34d20261201`. */
export function departureStream(ref: Pick<DepartureRef, 'groupId' | 'timeSlotId' | 'date'>): string {
  const owner = ref.timeSlotId === null ? `g${ref.groupId}` : `s${ref.timeSlotId}`;
  return `departure-${owner}d${compactDate(ref.date)}`;
}

/**
 * The capacity the date falls back to, from the group's stream; throws when the caller may not manage this
 * departure (another supplier's group, a deleted group or slot: the spec's 'not found or not allowed') or
 * named the wrong kind of departure (a slot of a group whose slots share its seats, or the reverse).
 */
export function baseCapacityOf(group: TimeSlotGroupState, ref: DepartureRef): number {
  if (!group.exists || group.isDeleted || group.supplierId !== ref.supplierId || group.id !== ref.groupId || !group.group) throw timeSlotGroupNotFound();
  if (!group.group.isTimeSlotsIndependant) {
    if (ref.timeSlotId !== null) throw new ValidationError(DEPARTURE_MESSAGES.chooseGroup, { timeSlotId: [DEPARTURE_MESSAGES.chooseGroup] });
    return group.group.capacity;
  }
  if (ref.timeSlotId === null) throw new ValidationError(DEPARTURE_MESSAGES.chooseSlot, { timeSlotId: [DEPARTURE_MESSAGES.chooseSlot] });
  const slot = group.slots.find((s) => s.id === ref.timeSlotId);
  if (!slot || slot.isDeleted) throw timeSlotGroupNotFound();
  return slot.fields.capacity ?? group.group.capacity;
}

const isCapacity = (v: number | null) => v === null || (Number.isInteger(v) && v >= 0 && v <= TIME_SLOT_LIMITS.capacityMax);

/**
 * Close, reopen, or set the date's capacity. Asking for what already is (closing a closed date, reopening an
 * open one, setting the capacity it has) changes nothing and succeeds: a double click or a retried request is
 * harmless. Dates before today (Dubai) are refused; so is a capacity below the seats already taken or held.
 */
export const departureDecider: Decider<DepartureCommand, DepartureStreamEvent, DepartureState> = {
  initialState: emptyDepartureState(),
  evolve(state, event) {
    const s = { ...state, revision: state.revision + 1 };
    switch (event.type) {
      case 'DepartureClosed':
        return { ...s, closed: true };
      case 'DepartureReopened':
        return { ...s, closed: false };
      case 'DepartureCapacitySet':
        return { ...s, capacity: event.data.capacity };
      case 'DepartureSeatsTaken':
        return { ...s, claims: { ...s.claims, [event.data.claimId]: event.data.seats }, taken: s.taken + event.data.seats };
      case 'DepartureSeatsReleased': {
        const { [event.data.claimId]: seats = 0, ...claims } = s.claims;
        return { ...s, claims, taken: s.taken - seats };
      }
    }
  },
  decide(cmd, state) {
    const key = { groupId: cmd.groupId, timeSlotId: cmd.timeSlotId, supplierId: cmd.supplierId, date: cmd.date };
    // Seats go back whatever became of the group since: a release never fails.
    if (cmd.type === 'ReleaseSeats') {
      const seats = state.claims[cmd.claimId];
      return seats === undefined ? [] : [{ type: 'DepartureSeatsReleased', data: { ...key, bookingId: cmd.bookingId, claimId: cmd.claimId, seats, reason: cmd.reason } }];
    }
    const base = baseCapacityOf(cmd.group, cmd);
    if (cmd.date < cmd.today) throw new ValidationError(DEPARTURE_MESSAGES.past, { date: [DEPARTURE_MESSAGES.past] });
    switch (cmd.type) {
      case 'TakeSeats': {
        if (state.claims[cmd.claimId] !== undefined) return [];
        if (state.closed) throw new ValidationError(SEAT_MESSAGES.closed, { date: [SEAT_MESSAGES.closed] });
        const replaced = cmd.replacesClaimId ? state.claims[cmd.replacesClaimId] : undefined;
        const left = Math.max(0, (state.capacity ?? base) - state.taken - state.held + (replaced ?? 0));
        if (cmd.seats > left) throw new ValidationError(SEAT_MESSAGES.seatsLeft(left), { adults: [SEAT_MESSAGES.seatsLeft(left)] });
        const taken: DepartureStreamEvent = { type: 'DepartureSeatsTaken', data: { ...key, bookingId: cmd.bookingId, claimId: cmd.claimId, seats: cmd.seats } };
        if (replaced === undefined) return [taken];
        return [{ type: 'DepartureSeatsReleased', data: { ...key, bookingId: cmd.bookingId, claimId: cmd.replacesClaimId!, seats: replaced, reason: 'moved' } }, taken];
      }
      case 'CloseDeparture':
        return state.closed ? [] : [{ type: 'DepartureClosed', data: key }];
      case 'ReopenDeparture':
        return state.closed ? [{ type: 'DepartureReopened', data: key }] : [];
      case 'SetDepartureCapacity': {
        if (!isCapacity(cmd.capacity)) throw new ValidationError(DEPARTURE_MESSAGES.capacity, { capacity: [DEPARTURE_MESSAGES.capacity] });
        const seats = state.taken + state.held;
        if ((cmd.capacity ?? base) < seats) throw new ValidationError(DEPARTURE_MESSAGES.belowTaken(seats), { capacity: [DEPARTURE_MESSAGES.belowTaken(seats)] });
        return cmd.capacity === state.capacity ? [] : [{ type: 'DepartureCapacitySet', data: { ...key, capacity: cmd.capacity } }];
      }
    }
  },
};

/** A departure as its stream and its group say it is now: what a command answers. */
export interface DepartureView {
  groupId: number;
  timeSlotId: number | null;
  date: string;
  /** The seats on sale this date: its own capacity, else the group's (or the slot's). */
  capacity: number;
  /** The date's own capacity; null when it follows the group (or slot). */
  ownCapacity: number | null;
  baseCapacity: number;
  taken: number;
  held: number;
  /** capacity − taken − held, never below 0. A closed date sells nothing whatever this says. */
  left: number;
  closed: boolean;
}

export function departureView(ref: DepartureRef, state: DepartureState, baseCapacity: number): DepartureView {
  const capacity = state.capacity ?? baseCapacity;
  return {
    groupId: ref.groupId,
    timeSlotId: ref.timeSlotId,
    date: ref.date,
    capacity,
    ownCapacity: state.capacity,
    baseCapacity,
    taken: state.taken,
    held: state.held,
    left: Math.max(0, capacity - state.taken - state.held),
    closed: state.closed,
  };
}
