import type { Knex } from 'knex';
import { timeSlotGroupsProjection, timeSlotIdsNotOwned, waitUntilCurrent } from '@tbo/read-models';
import type { EventStore } from '@tbo/kernel';

export interface TimeSlotOwnership {
  /** True when every id given is one of the supplier's groups or slots. */
  owned: boolean;
  /** The ids given that are not the supplier's (unknown, or another supplier's). */
  foreignGroupIds: number[];
  foreignTimeSlotIds: number[];
}

/**
 * Do these time slot groups and slots belong to supplier S? For other modules (the offer editor selects groups
 * and slots): they ask here, never a decider or a stream. Answered from the read model, where lag is harmless
 * but for an item created a moment ago: given the event store, the answer first waits (briefly) until the read
 * model has every time slot event the store holds. Deleted groups and slots still belong to their supplier, so
 * an offer that chose one before it was deleted can still be saved.
 */
export async function timeSlotOwnership(db: Knex, supplierId: number, ids: { groupIds?: readonly number[]; timeSlotIds?: readonly number[] }, store?: EventStore): Promise<TimeSlotOwnership> {
  const groupIds = ids.groupIds ?? [];
  const timeSlotIds = ids.timeSlotIds ?? [];
  if (groupIds.length === 0 && timeSlotIds.length === 0) return { owned: true, foreignGroupIds: [], foreignTimeSlotIds: [] };
  if (store) await waitUntilCurrent(db, store, timeSlotGroupsProjection);
  const foreign = await timeSlotIdsNotOwned(db, supplierId, { groupIds, timeSlotIds });
  return { owned: foreign.groupIds.length === 0 && foreign.timeSlotIds.length === 0, foreignGroupIds: foreign.groupIds, foreignTimeSlotIds: foreign.timeSlotIds };
}
