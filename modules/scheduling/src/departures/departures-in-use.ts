import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { recordedAs } from '@tbo/event-schemas';
import { AppError, EVENT_STORE, fold, KNEX, type EventStore } from '@tbo/kernel';
import { availabilityProjection, departuresInUse, waitUntilCurrent } from '@tbo/read-models';
import { dubaiToday } from './business-date.pure';
import { DEPARTURE_CLOCK, type DepartureClock } from './change-departure.handler';
import { departureDecider, departureStream, emptyDepartureState, liveHeld, type DepartureStreamEvent } from './departure';

/** How long a check waits for the availability read table to have every departure event the store holds. */
const CAUGHT_UP_WAIT_MS = 5_000;

export const SEATS_BEING_COUNTED = 'The seats of this group are still being counted: try again in a moment';

/**
 * Which of a group's departures are in use: seats taken or held, closed, or with a capacity of their own. A group
 * whose slots stop (or start) sharing its seats would sell from other departure streams than the ones holding
 * that, so the change is refused while any departure from today (Dubai) on is in use (time-slot-group.ts).
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
    const now = this.clock();
    if (!(await waitUntilCurrent(this.db, this.store, availabilityProjection, undefined, CAUGHT_UP_WAIT_MS))) throw new AppError(503, 'Service unavailable', SEATS_BEING_COUNTED);
    const at = now.toISOString();
    for (const candidate of await departuresInUse(this.db, supplierId, groupId, dubaiToday(now))) {
      const events = await this.store.readStream(departureStream({ groupId, ...candidate }));
      const state = fold({ ...departureDecider, initialState: emptyDepartureState() }, recordedAs<DepartureStreamEvent>(events));
      if (state.taken > 0 || liveHeld(state, at) > 0 || state.closed || state.capacity !== null) return candidate.date;
    }
    return null;
  }
}
