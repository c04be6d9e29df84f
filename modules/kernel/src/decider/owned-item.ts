/** What the state of every item a supplier owns (a tour, an offer, a pick-up time) knows about its owner and its life. */
export interface OwnedItemState {
  exists: boolean;
  supplierId: number | null;
  isDeleted: boolean;
}

/**
 * The check every such item's command starts with: a new item's id must be free (a taken one is answered
 * as not found, like another supplier's item: spec 01 §8); any other command needs the caller's own item.
 */
export function mustOwn(state: OwnedItemState, supplierId: number, isNew: boolean, notFound: () => Error): void {
  if (isNew ? state.exists : !state.exists || state.supplierId !== supplierId) throw notFound();
}

/** Delete and restore: each states its event once; asking again changes nothing. */
export function deleteOrRestore<K, D extends string, R extends string>(state: OwnedItemState, restore: boolean, key: K, deleted: D, restored: R): ({ type: D; data: K } | { type: R; data: K })[] {
  if (restore) return state.isDeleted ? [{ type: restored, data: key }] : [];
  return state.isDeleted ? [] : [{ type: deleted, data: key }];
}
