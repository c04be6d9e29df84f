import { Inject, Injectable } from '@nestjs/common';
import { EVENT_STORE, type EventStore } from '@tbo/kernel';
import { pickUpTimes } from './pickup-time';

/**
 * Which pick-up times a supplier owns, from the streams rather than the read table: a time slot group saved
 * right after its pick-up time was created must find it, and a deleted or another supplier's pick-up time must
 * never be accepted because the read table lags. Callers name a handful of ids (a group's and its slots').
 */
@Injectable()
export class PickUpTimeDirectory {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  /** The ids among `ids` that are `supplierId`'s pick-up times and not deleted (0 and unknown ids are not). */
  async ownedBy(supplierId: number, ids: readonly number[]): Promise<Set<number>> {
    const wanted = [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0);
    const owned = await Promise.all(
      wanted.map(async (id) => {
        const state = await pickUpTimes.load(this.store, id);
        return state.exists && state.supplierId === supplierId && !state.isDeleted ? id : null;
      }),
    );
    return new Set(owned.filter((id): id is number => id !== null));
  }
}
