import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { AppError, EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { groupIdsUsingPickUpTime, timeSlotGroupsProjection, waitUntilCurrent } from '@tbo/read-models';
import { timeSlotGroups } from '../time-slots/time-slot-group';

/** How long a delete waits for the time slot read tables to have every group event the store holds. */
const CAUGHT_UP_WAIT_MS = 5_000;

export const PICKUP_TIME_USERS_BEING_READ = 'The time slot groups using this pick-up time are still being read: try again in a moment';

/**
 * The live time slot groups and slots that use a pick-up time: a pick-up time is not deleted from under them, else
 * their new bookings would get no pick-up window and nobody would be told (pickup-time.ts).
 *
 * As DeparturesInUse: the read tables name the candidate groups (once they have caught up with the store, so a
 * group saved a moment ago counts), and each group's stream confirms what uses it now, so a stale row does not
 * refuse the delete. Residual window: a group saved with the pick-up time between this read and the delete's
 * append is not seen (its save checked the pick-up time live a moment before).
 */
@Injectable()
export class PickUpTimeUsers {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** What uses it, in words ("the time slot group 'Seats'", "the time slot 'Morning' of 'Seats'"); empty when nothing live does. */
  async of(supplierId: number, pickUpTimeId: number): Promise<string[]> {
    if (!(await waitUntilCurrent(this.db, this.store, timeSlotGroupsProjection, undefined, CAUGHT_UP_WAIT_MS))) throw new AppError(503, 'Service unavailable', PICKUP_TIME_USERS_BEING_READ);
    const ids = await groupIdsUsingPickUpTime(this.db, supplierId, pickUpTimeId);
    const users: string[] = [];
    for (const id of ids) {
      const state = await timeSlotGroups.load(this.store, id);
      if (!state.group || state.isDeleted || state.supplierId !== supplierId) continue;
      const name = state.group.name;
      if (state.group.pickUpTimeId === pickUpTimeId) users.push(`the time slot group '${name}'`);
      for (const slot of state.slots) if (!slot.isDeleted && slot.fields.pickUpTimeId === pickUpTimeId) users.push(`the time slot '${slot.fields.name}' of '${name}'`);
    }
    return users;
  }
}
