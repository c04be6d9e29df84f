import type { ProjectionContext } from './projection';
import { insertIgnoringReplays, updateIfNewer, whereNewer } from './rows';
import { applyInRuns } from './runs';

type Row = Record<string, unknown>;

/** An event of an item kept in one row: its id and the revision the row's version is compared with. */
interface ItemEvent {
  type: string;
  revision: number;
  data: { id: number };
}

/** How a projection keeping one row per item writes it: the row its creation makes, the columns a later event sets. */
export interface CreatedThenChangedSteps<E extends ItemEvent, C extends E['type']> {
  createdType: C;
  /** Rows per INSERT of creations. */
  chunk: number;
  rowOf(event: Extract<E, { type: C }>): Row;
  /** Undefined: the event changes nothing in the row. */
  changedColumns(event: E): Row | undefined;
  /** True for an event that is not one of the item's own edits: the row's version stays. */
  keepsVersion?(event: E): boolean;
}

/**
 * apply and applyBatch of a projection keeping one row per item (a booking) in the table `name`. Creations are
 * inserted `chunk` rows per statement, since a catch-up or an as-of replay is mostly creations; every other event is
 * applied in order, after the creations read before it, as it may change a row created earlier in the same batch.
 * A change sets its columns only when the event is newer than the row, and its revision becomes the row's version.
 */
export function createdThenChanged<E extends ItemEvent, C extends E['type']>(
  name: string,
  steps: CreatedThenChangedSteps<E, C>,
): { apply(ctx: ProjectionContext, event: E): Promise<void>; applyBatch(ctx: ProjectionContext, events: E[]): Promise<void> } {
  return {
    apply: (ctx, event) => applyCreatedThenChanged(ctx, name, [event], steps),
    applyBatch: (ctx, events) => applyCreatedThenChanged(ctx, name, events, steps),
  };
}

async function applyCreatedThenChanged<E extends ItemEvent, C extends E['type']>(
  { trx, table }: ProjectionContext,
  name: string,
  events: readonly E[],
  steps: CreatedThenChangedSteps<E, C>,
): Promise<void> {
  const rows = table(name);
  await applyInRuns(
    events,
    (event): event is Extract<E, { type: C }> => event.type === steps.createdType,
    (created) => insertIgnoringReplays(trx, rows, created.map((e) => steps.rowOf(e)), steps.chunk),
    async (event) => {
      const columns = steps.changedColumns(event);
      if (!columns) return;
      const key = { id: event.data.id };
      if (steps.keepsVersion?.(event)) await whereNewer(trx(rows), key, event.revision).update(columns);
      else await updateIfNewer(trx, rows, key, event.revision, columns);
    },
  );
}
