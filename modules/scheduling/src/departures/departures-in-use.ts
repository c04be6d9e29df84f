import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { recordedAs } from '@tbo/event-schemas';
import { AppError, EVENT_STORE, fold, KNEX, type EventStore } from '@tbo/kernel';
import { availabilityProjection, departuresInUse, waitUntilCurrent } from '@tbo/read-models';
import { dubaiToday } from './business-date.pure';
import { DEPARTURE_CLOCK, type DepartureClock } from './change-departure.handler';
import type { BookedDeparture } from '../time-slots/time-slot-group';
import { departureDecider, departureStream, emptyDepartureState, liveHeld, type DepartureState, type DepartureStreamEvent } from './departure';

/** How long a check waits for the availability read table to have every departure event the store holds. */
const CAUGHT_UP_WAIT_MS = 5_000;

export const SEATS_BEING_COUNTED = 'The seats of this group are still being counted: try again in a moment';

/**
 * Which of a group's departures are in use: seats taken or held, closed, or with a capacity of their own. A group
 * whose slots stop (or start) sharing its seats would sell from other departure streams than the ones holding
 * that, so the change is refused while any departure from today (Dubai) on is in use (time-slot-group.ts). The
 * seats alone decide whether a capacity may be lowered and a group or slot deleted (booked).
 *
 * The read table names the candidates (one indexed lookup); each is confirmed on its departure's stream in date
 * order, stopping at the first in use, so a stale row (seats released, a hold expired) does not refuse the change.
 * Before the lookup the table must have caught up with the store, else a booking of the last moment could be
 * missed; when it cannot catch up in time the change is refused for now rather than decided blind.
 */
@Injectable()
export class DeparturesInUse {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(DEPARTURE_CLOCK) private readonly clock: DepartureClock,
  ) {}

  /** The first date (YYYY-MM-DD) from today on with a departure of the group in use; null when there is none. */
  async firstDate(supplierId: number, groupId: number): Promise<string | null> {
    const { at, candidates } = await this.candidates(supplierId, groupId);
    for (const candidate of candidates) {
      const state = await this.stateOf(groupId, candidate);
      if (state.taken > 0 || liveHeld(state, at) > 0 || state.closed || state.capacity !== null) return candidate.date;
    }
    return null;
  }

  /**
   * The group's departures from today on with seats taken or held, in date order: what a lowered capacity and a
   * delete of the group or of a slot are checked against (time-slot-group.ts). Every candidate's stream is read,
   * not only the first: a lowered capacity may fit the first date and not a later one.
   */
  async booked(supplierId: number, groupId: number): Promise<BookedDeparture[]> {
    const { at, candidates } = await this.candidates(supplierId, groupId);
    const states = await Promise.all(candidates.map((candidate) => this.stateOf(groupId, candidate)));
    return candidates
      .map((c, i) => ({ timeSlotId: c.timeSlotId, date: c.date, seats: states[i]!.taken + liveHeld(states[i]!, at), capacity: states[i]!.capacity }))
      .filter((d) => d.seats > 0);
  }

  private async candidates(supplierId: number, groupId: number) {
    const now = this.clock();
    if (!(await waitUntilCurrent(this.db, this.store, availabilityProjection, undefined, CAUGHT_UP_WAIT_MS))) throw new AppError(503, 'Service unavailable', SEATS_BEING_COUNTED);
    return { at: now.toISOString(), candidates: await departuresInUse(this.db, supplierId, groupId, dubaiToday(now)) };
  }

  private async stateOf(groupId: number, candidate: { timeSlotId: number | null; date: string }): Promise<DepartureState> {
    const events = await this.store.readStream(departureStream({ groupId, ...candidate }));
    return fold({ ...departureDecider, initialState: emptyDepartureState() }, recordedAs<DepartureStreamEvent>(events));
  }
}
