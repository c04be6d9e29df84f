import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { recordedAs } from '@tbo/event-schemas';
import { CommandRunner, EVENT_STORE, fold, KNEX, lookupCache, type CommandContext, type EventStore } from '@tbo/kernel';
import { findTimeSlot, pickUpTimeLookup } from '@tbo/read-models';
import { pickUpWindowFor, type PickUpWindow } from '../pure/pickup-window.pure';
import { timeSlotGroups, type TimeSlotGroupState } from '../time-slots/time-slot-group';
import type { TimeType, SlotType } from '../pure/time-slot-rules.pure';
import {
  baseCapacityOf,
  departureDecider,
  departureStream,
  departureView,
  emptyDepartureState,
  type DepartureCommand,
  type DepartureRef,
  type DepartureStreamEvent,
  type DepartureView,
  type HoldReleaseReason,
  type SeatClaim,
} from './departure';

/** What a booking needs to know of its time slot, from the group's stream as it is now. */
export interface SlotForBooking {
  supplierId: number;
  groupId: number;
  timeSlotId: number;
  /** The departure whose seats the slot sells: its own when the group's slots are independent, else null (the group's). */
  departureSlotId: number | null;
  name: string;
  timeType: TimeType;
  startTime: number;
  endTime: number;
  type: SlotType;
  /** Hours operations have to answer an OnRequest booking; null otherwise. */
  cutOffResponseTime: number | null;
  daysOffered: number;
  /** Hours before the start when booking closes: the slot's when independent and set, else the group's. */
  minimumAdvancedBooking: number;
  slotPickUpTimeId: number | null;
  groupPickUpTimeId: number | null;
  isDeleted: boolean;
}

/**
 * The group state each slot's facts were read from, so that taking its seats moments later decides on the
 * same read instead of reading the group's stream again (the capacity it falls back to is the group's).
 */
const groupRead = new WeakMap<SlotForBooking, TimeSlotGroupState>();

export interface SeatsQuestion {
  slot: SlotForBooking;
  date: string;
}

/** What a seat command answers: the departure as decided, and the position a read's ?after= waits for (null: nothing changed). */
export interface SeatsOutcome {
  view: DepartureView;
  position: string | null;
}

/** Seats held for an OCTO reservation: the booking id and claim id its booking will have once confirmed. */
export interface HoldRequest extends SeatsQuestion {
  claim: { bookingId: number; claimId: string; seats: number };
  expiresAt: Date;
  /** Today in Dubai (YYYY-MM-DD) and the moment of the decision: holds expired by then do not count. */
  today: string;
  now: Date;
  context: CommandContext;
}

export interface ExtendHoldRequest extends SeatsQuestion {
  bookingId: number;
  claimId: string;
  expiresAt: Date;
  today: string;
  now: Date;
  context: CommandContext;
}

export interface ReleaseHoldRequest extends SeatsQuestion {
  bookingId: number;
  claimId: string;
  reason: HoldReleaseReason;
  /** 'expired' releases only a hold expired by then; now by default. */
  now?: Date;
  context: CommandContext;
}

/**
 * Scheduling's answer to bookings: a slot's facts, a date's seats, and taking or releasing a booking's seats
 * on the departure's stream. Bookings ask here (a query and two commands on this module's surface); the
 * departure's stream name and decider stay inside scheduling. Takes are queued per departure in this process
 * (CommandRunner `queued`): a hot departure serves its writers in turn instead of storming them with retries.
 */
@Injectable()
export class DepartureSeats {
  /** A slot's group never changes, so its row may be kept; whether the slot still sells is its group stream's say. */
  private readonly slotRow = lookupCache({
    max: 10_000,
    ttlMs: 60_000,
    load: (key: string) => {
      const [supplierId, timeSlotId] = key.split(':').map(Number);
      return findTimeSlot(this.db, supplierId!, timeSlotId!);
    },
    keep: (row) => !!row,
  });
  /** Pick-up times are names and hours: a few seconds of lag is harmless. */
  private readonly pickUpTimes = lookupCache({
    max: 5_000,
    ttlMs: 5_000,
    load: (key: string) => {
      const [supplierId, ...ids] = key.split(':').map(Number);
      return pickUpTimeLookup(this.db, supplierId!, ids);
    },
  });

  constructor(
    private readonly runner: CommandRunner,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly db: Knex,
  ) {}

  /** The supplier's slot, read from its group's stream; null when unknown, another supplier's, or deleted with its group. */
  async slot(supplierId: number, timeSlotId: number): Promise<SlotForBooking | null> {
    // The slot's group never changes, so the read table is a safe place to find it.
    const row = await this.slotRow(`${supplierId}:${timeSlotId}`);
    if (!row) return null;
    const group = await timeSlotGroups.load(this.store, row.groupId);
    const facts = slotFacts(group, timeSlotId);
    if (facts) groupRead.set(facts, group);
    return facts;
  }

  /** Several slots (the tours an agent may book), one group stream read per group. */
  async slots(supplierId: number, timeSlotIds: readonly number[]): Promise<Map<number, SlotForBooking>> {
    const out = new Map<number, SlotForBooking>();
    const groups = new Map<number, Promise<TimeSlotGroupState>>();
    for (const id of new Set(timeSlotIds)) {
      const row = await findTimeSlot(this.db, supplierId, id);
      if (!row) continue;
      if (!groups.has(row.groupId)) groups.set(row.groupId, timeSlotGroups.load(this.store, row.groupId));
      const facts = slotFacts(await groups.get(row.groupId)!, id);
      if (facts) out.set(id, facts);
    }
    return out;
  }

  /** The departure's seats on a date, from its stream (authoritative; a display may still be a moment old); holds live at `now` count. */
  async seats({ slot, date, now = new Date() }: SeatsQuestion & { now?: Date }): Promise<DepartureView> {
    const ref = refOf(slot, date);
    const [group, events] = await Promise.all([timeSlotGroups.load(this.store, slot.groupId), this.store.readStream(departureStream(ref))]);
    const state = fold({ ...departureDecider, initialState: emptyDepartureState() }, recordedAs<DepartureStreamEvent>(events));
    return departureView(ref, state, baseCapacityOf(group, ref), now);
  }

  /**
   * Takes a booking's seats, or refuses with why ('Only 3 places left', 'This date is closed for sale').
   * With `claim.fromHold` the claim's live hold becomes the taken seats ('This reservation has expired' when it is gone).
   */
  take(args: SeatsQuestion & { claim: SeatClaim; today: string; now?: Date; context: CommandContext }): Promise<SeatsOutcome> {
    return this.decide(args.slot, args.date, args.now ?? new Date(), args.context, (facts) => ({ ...facts, today: args.today, type: 'TakeSeats', ...args.claim }));
  }

  /** Holds seats until `expiresAt`; refuses like take. The same claim held again changes nothing. */
  hold(args: HoldRequest): Promise<SeatsOutcome> {
    const { claim } = args;
    return this.decide(args.slot, args.date, args.now, args.context, (facts) => ({ ...facts, today: args.today, type: 'HoldSeats', ...claim, expiresAt: args.expiresAt.toISOString() }));
  }

  /** Moves a live hold's expiry; 'This reservation has expired' when the hold is gone or expired. */
  extendHold(args: ExtendHoldRequest): Promise<SeatsOutcome> {
    const { bookingId, claimId } = args;
    return this.decide(args.slot, args.date, args.now, args.context, (facts) => ({ ...facts, today: args.today, type: 'ExtendHold', bookingId, claimId, expiresAt: args.expiresAt.toISOString() }));
  }

  /** Gives a hold's seats back; never fails, and a hold already released (or never made) changes nothing. */
  async releaseHold(args: ReleaseHoldRequest): Promise<string | null> {
    const { supplierId, groupId, departureSlotId } = args.slot;
    const departure = { supplierId, groupId, timeSlotId: departureSlotId, date: args.date };
    return releaseDepartureHold(this.runner, this.store, { departure, bookingId: args.bookingId, claimId: args.claimId, reason: args.reason, now: args.now ?? new Date(), context: args.context });
  }

  private async decide(slot: SlotForBooking, date: string, now: Date, context: CommandContext, command: (facts: DepartureRef & { group: TimeSlotGroupState; now: string }) => DepartureCommand): Promise<SeatsOutcome> {
    const ref = refOf(slot, date);
    const group = groupRead.get(slot) ?? (await timeSlotGroups.load(this.store, slot.groupId));
    const outcome = await this.runner.run({ stream: departureStream(ref), decider: departureDecider, command: command({ ...ref, group, now: now.toISOString() }), context, queued: true });
    return { view: departureView(ref, outcome.state, baseCapacityOf(group, ref), now), position: outcome.position };
  }

  /** Gives a claim's seats back; a claim already released (or never taken) changes nothing. */
  release(args: SeatRelease): Promise<string | null> {
    return releaseSeatClaim(this.runner, this.store, args);
  }

  /** The pick-up window for a hotel on this slot (names and times: the read table's lag is harmless). */
  async pickUpWindow(slot: SlotForBooking, hotelId: number | null, regionId: number | null): Promise<PickUpWindow | null> {
    const ids = [slot.slotPickUpTimeId, slot.groupPickUpTimeId].filter((id): id is number => !!id);
    if (!ids.length) return null;
    const pickUpTimes = await this.pickUpTimes([slot.supplierId, ...ids].join(':'));
    return pickUpWindowFor({ slotPickUpTimeId: slot.slotPickUpTimeId, groupPickUpTimeId: slot.groupPickUpTimeId, pickUpTimes, hotelId, regionId });
  }
}

export interface SeatRelease {
  departure: { supplierId: number; groupId: number; timeSlotId: number | null; date: string };
  bookingId: number;
  claimId: string;
  reason: 'cancelled' | 'declined' | 'moved' | 'unsettled';
  context: CommandContext;
}

/** Releases a claim's seats; for the worker's settling step too, which runs without Nest. */
export async function releaseSeatClaim(runner: CommandRunner, store: EventStore, args: SeatRelease): Promise<string | null> {
  const ref: DepartureRef = { ...args.departure };
  const group = await timeSlotGroups.load(store, ref.groupId);
  const outcome = await runner.run({
    stream: departureStream(ref),
    decider: departureDecider,
    // A release is never refused for the date: seats of a past departure may still go back.
    command: { ...ref, group, today: ref.date, now: new Date().toISOString(), type: 'ReleaseSeats', bookingId: args.bookingId, claimId: args.claimId, reason: args.reason },
    context: args.context,
    queued: true,
  });
  return outcome.position;
}

export interface HoldRelease {
  departure: SeatRelease['departure'];
  bookingId: number;
  claimId: string;
  reason: HoldReleaseReason;
  /** 'expired' releases only a hold expired by then. */
  now: Date;
  context: CommandContext;
}

/** Releases a hold's seats; for the worker's expiry job and sweep too, which run without Nest. Never fails for the date. */
export async function releaseDepartureHold(runner: CommandRunner, store: EventStore, args: HoldRelease): Promise<string | null> {
  const ref: DepartureRef = { ...args.departure };
  const group = await timeSlotGroups.load(store, ref.groupId);
  const outcome = await runner.run({
    stream: departureStream(ref),
    decider: departureDecider,
    command: { ...ref, group, today: ref.date, now: args.now.toISOString(), type: 'ReleaseHold', bookingId: args.bookingId, claimId: args.claimId, reason: args.reason },
    context: args.context,
    queued: true,
  });
  return outcome.position;
}

/** The departure a slot's seats are counted on. */
export function refOf(slot: SlotForBooking, date: string): DepartureRef {
  return { supplierId: slot.supplierId, groupId: slot.groupId, timeSlotId: slot.departureSlotId, date };
}

function slotFacts(group: TimeSlotGroupState, timeSlotId: number): SlotForBooking | null {
  const slot = group.slots.find((s) => s.id === timeSlotId);
  if (!group.exists || !group.group || !slot || group.supplierId === null) return null;
  const f = slot.fields;
  const independent = group.group.isTimeSlotsIndependant;
  return {
    supplierId: group.supplierId,
    groupId: group.id,
    timeSlotId,
    departureSlotId: independent ? timeSlotId : null,
    name: f.name,
    timeType: f.timeType as TimeType,
    startTime: f.startTime,
    endTime: f.endTime,
    type: f.type as SlotType,
    cutOffResponseTime: f.cutOffResponseTime ?? null,
    daysOffered: f.daysOffered,
    minimumAdvancedBooking: (independent ? f.minimumAdvancedBooking : null) ?? group.group.minimumAdvancedBooking,
    slotPickUpTimeId: f.pickUpTimeId ?? null,
    groupPickUpTimeId: group.group.pickUpTimeId ?? null,
    isDeleted: group.isDeleted || slot.isDeleted,
  };
}
