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
 * the date, giving it a capacity of its own, taking seats for bookings and holding seats for OCTO
 * reservations. No read table is asked whether there is a seat.
 *
 * Holds limit themselves: a hold past its expiry no longer counts when seats are decided (each command
 * carries `now`), whether or not its release was written yet. So a crash between a hold and the reservation
 * that names it leaves nothing to settle, and the release written later (hold-expiry process manager) only
 * brings the counters and read tables in line.
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
  /** Seats held for OCTO reservations by claim id, each until its expiry (an ISO instant). */
  holds: Readonly<Record<string, SeatHold>>;
  /** Seats sold (the claims' sum) and seats held (the holds' sum, expired or not: see liveHeld). */
  taken: number;
  held: number;
}

export interface SeatHold {
  seats: number;
  expiresAt: string;
}

export const emptyDepartureState = (): DepartureState => ({ revision: -1, claims: {}, holds: {}, closed: false, capacity: null, taken: 0, held: 0 });

/** Whether a hold still counts at `now` (an ISO instant). */
export const holdLives = (hold: SeatHold, now: string): boolean => Date.parse(hold.expiresAt) > Date.parse(now);

/** The seats held at `now`: the holds' sum less those expired but not yet released. */
export function liveHeld(state: DepartureState, now: string | undefined): number {
  if (now === undefined) return state.held;
  let expired = 0;
  for (const hold of Object.values(state.holds)) if (!holdLives(hold, now)) expired += hold.seats;
  return state.held - expired;
}

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
  /** The moment of the decision (ISO instant): holds expired by then no longer count. */
  now: string;
}

/** A booking's seats: `claimId` is the booking's claim, unique per booking version (a retry sends the same one). */
export interface SeatClaim {
  bookingId: number;
  claimId: string;
  seats: number;
  /**
   * The booking's claim on this same departure that the new one replaces (a change of counts): its seats count
   * as free for the new claim, but it stays taken until the booking has recorded the change and releases it.
   * Releasing it here, before the booking's own append, would leave the booking's guests uncounted whenever that
   * append is refused (a stale form, a cancellation in between).
   */
  replacesClaimId?: string | null;
  /** The claim's live hold becomes these taken seats (an OCTO reservation confirmed); refused when it expired or is gone. */
  fromHold?: boolean;
}

/** Seats held for a reservation until `expiresAt` (ISO instant), under the claim its booking will carry. */
export interface SeatHoldClaim {
  bookingId: number;
  claimId: string;
  seats: number;
  expiresAt: string;
}

export type HoldReleaseReason = 'expired' | 'cancelled';

export type DepartureCommand = DepartureRef &
  DepartureFacts &
  (
    | { type: 'CloseDeparture' }
    | { type: 'ReopenDeparture' }
    | { type: 'SetDepartureCapacity'; capacity: number | null }
    | ({ type: 'TakeSeats' } & SeatClaim)
    | { type: 'ReleaseSeats'; bookingId: number; claimId: string; reason: 'cancelled' | 'declined' | 'moved' | 'unsettled' }
    | ({ type: 'HoldSeats' } & SeatHoldClaim)
    | { type: 'ExtendHold'; bookingId: number; claimId: string; expiresAt: string }
    /** 'expired' releases only a hold expired at `now` (a job queued for an expiry the hold was extended past does nothing). */
    | { type: 'ReleaseHold'; bookingId: number; claimId: string; reason: HoldReleaseReason }
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
      case 'DepartureSeatsTaken': {
        const { claimId, seats } = event.data;
        const taken = { ...s, claims: { ...s.claims, [claimId]: seats }, taken: s.taken + seats };
        return event.data.fromHold ? withoutHold(taken, claimId) : taken;
      }
      case 'DepartureSeatsReleased': {
        const { [event.data.claimId]: seats = 0, ...claims } = s.claims;
        return { ...s, claims, taken: s.taken - seats };
      }
      case 'DepartureSeatsHeld': {
        const { claimId, seats, expiresAt } = event.data;
        return { ...s, holds: { ...s.holds, [claimId]: { seats, expiresAt } }, held: s.held + seats };
      }
      case 'DepartureHoldExtended': {
        const hold = s.holds[event.data.claimId];
        return hold ? { ...s, holds: { ...s.holds, [event.data.claimId]: { ...hold, expiresAt: event.data.expiresAt } } } : s;
      }
      case 'DepartureHoldReleased':
        return withoutHold(s, event.data.claimId);
    }
  },
  decide(cmd, state) {
    const key = { groupId: cmd.groupId, timeSlotId: cmd.timeSlotId, supplierId: cmd.supplierId, date: cmd.date };
    // Seats go back whatever became of the group since: a release never fails.
    if (cmd.type === 'ReleaseSeats') {
      const seats = state.claims[cmd.claimId];
      return seats === undefined ? [] : [{ type: 'DepartureSeatsReleased', data: { ...key, bookingId: cmd.bookingId, claimId: cmd.claimId, seats, reason: cmd.reason } }];
    }
    if (cmd.type === 'ReleaseHold') {
      const hold = state.holds[cmd.claimId];
      if (!hold || (cmd.reason === 'expired' && holdLives(hold, cmd.now))) return [];
      return [{ type: 'DepartureHoldReleased', data: { ...key, bookingId: cmd.bookingId, claimId: cmd.claimId, seats: hold.seats, reason: cmd.reason } }];
    }
    const base = baseCapacityOf(cmd.group, cmd);
    if (cmd.date < cmd.today) throw new ValidationError(DEPARTURE_MESSAGES.past, { date: [DEPARTURE_MESSAGES.past] });
    const free = (freed: number) => Math.max(0, (state.capacity ?? base) - state.taken - liveHeld(state, cmd.now) + freed);
    switch (cmd.type) {
      case 'TakeSeats': {
        if (state.claims[cmd.claimId] !== undefined) return [];
        if (cmd.fromHold) return convertHold(cmd, state, key, free);
        const replaced = cmd.replacesClaimId ? state.claims[cmd.replacesClaimId] : undefined;
        // A booking's change that needs no more seats than it holds sells nothing: a stop sale does not stop it.
        const shrinks = replaced !== undefined && cmd.seats <= replaced;
        if (state.closed && !shrinks) throw new ValidationError(SEAT_MESSAGES.closed, { date: [SEAT_MESSAGES.closed] });
        const left = free(replaced ?? 0);
        if (cmd.seats > left && !shrinks) throw seatsLeft(left);
        return [{ type: 'DepartureSeatsTaken', data: { ...key, bookingId: cmd.bookingId, claimId: cmd.claimId, seats: cmd.seats } }];
      }
      case 'HoldSeats': {
        // A repeated hold (or a claim already sold) changes nothing, even when it has expired since.
        if (state.holds[cmd.claimId] || state.claims[cmd.claimId] !== undefined) return [];
        if (state.closed) throw new ValidationError(SEAT_MESSAGES.closed, { date: [SEAT_MESSAGES.closed] });
        const left = free(0);
        if (cmd.seats > left) throw seatsLeft(left);
        return [{ type: 'DepartureSeatsHeld', data: { ...key, bookingId: cmd.bookingId, claimId: cmd.claimId, seats: cmd.seats, expiresAt: cmd.expiresAt } }];
      }
      case 'ExtendHold': {
        const hold = state.holds[cmd.claimId];
        if (!hold || !holdLives(hold, cmd.now)) throw holdExpired();
        if (Date.parse(hold.expiresAt) === Date.parse(cmd.expiresAt)) return [];
        return [{ type: 'DepartureHoldExtended', data: { ...key, bookingId: cmd.bookingId, claimId: cmd.claimId, expiresAt: cmd.expiresAt } }];
      }
      case 'CloseDeparture':
        return state.closed ? [] : [{ type: 'DepartureClosed', data: key }];
      case 'ReopenDeparture':
        return state.closed ? [{ type: 'DepartureReopened', data: key }] : [];
      case 'SetDepartureCapacity': {
        if (!isCapacity(cmd.capacity)) throw new ValidationError(DEPARTURE_MESSAGES.capacity, { capacity: [DEPARTURE_MESSAGES.capacity] });
        const seats = state.taken + liveHeld(state, cmd.now);
        if ((cmd.capacity ?? base) < seats) throw new ValidationError(DEPARTURE_MESSAGES.belowTaken(seats), { capacity: [DEPARTURE_MESSAGES.belowTaken(seats)] });
        return cmd.capacity === state.capacity ? [] : [{ type: 'DepartureCapacitySet', data: { ...key, capacity: cmd.capacity } }];
      }
    }
  },
};

function withoutHold(state: DepartureState, claimId: string): DepartureState {
  const { [claimId]: hold, ...holds } = state.holds;
  return hold ? { ...state, holds, held: state.held - hold.seats } : state;
}

const seatsLeft = (left: number) => new ValidationError(SEAT_MESSAGES.seatsLeft(left), { adults: [SEAT_MESSAGES.seatsLeft(left)] });
const holdExpired = () => new ValidationError(SEAT_MESSAGES.holdExpired, { uuid: [SEAT_MESSAGES.holdExpired] });

type DepartureKeyData = Pick<DepartureRef, 'groupId' | 'timeSlotId' | 'supplierId' | 'date'>;

/**
 * A live hold becomes taken seats in one event. Its seats count as free for the take (the booking may take
 * fewer, or more when that many are left beside it), and a stop sale since the hold does not undo a
 * reservation already made. An expired or absent hold is refused: the reseller must reserve again.
 */
function convertHold(cmd: SeatClaim & { now: string }, state: DepartureState, key: DepartureKeyData, free: (freed: number) => number): DepartureStreamEvent[] {
  const hold = state.holds[cmd.claimId];
  if (!hold || !holdLives(hold, cmd.now)) throw holdExpired();
  const left = free(hold.seats);
  if (cmd.seats > left) throw seatsLeft(left);
  return [{ type: 'DepartureSeatsTaken', data: { ...key, bookingId: cmd.bookingId, claimId: cmd.claimId, seats: cmd.seats, fromHold: true, heldSeats: hold.seats } }];
}

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

/** `now`: the moment whose live holds count (absent: every hold not yet released). */
export function departureView(ref: DepartureRef, state: DepartureState, baseCapacity: number, now?: Date): DepartureView {
  const capacity = state.capacity ?? baseCapacity;
  const held = liveHeld(state, now?.toISOString());
  return {
    groupId: ref.groupId,
    timeSlotId: ref.timeSlotId,
    date: ref.date,
    capacity,
    ownCapacity: state.capacity,
    baseCapacity,
    taken: state.taken,
    held,
    left: Math.max(0, capacity - state.taken - held),
    closed: state.closed,
  };
}
