import type { Knex } from 'knex';
import type { RecordedEvent } from '@tbo/event-schemas';
import { applyEvents } from '../runner/apply-batch';
import type { EventFeed, Projection } from '../runner/projection';

/**
 * A projection's code replayed over the events recorded up to a moment, into tables of its own
 * (`<table>_<suffix>`, never the live generation's): what the read model said at that moment.
 *
 * "Up to a moment" is by the time the store recorded each event (the appending transaction's start). The feed is
 * read in its global order, which follows commit order, not that time exactly: the replay reads on past the moment
 * and stops only once it meets events recorded well after it (SETTLE_MS), so an event recorded before the moment
 * in a transaction that committed a little later is not lost.
 */

export interface ReplayProgress {
  /** Events applied so far (those of the filter, up to the moment). */
  events: number;
  /** Share of the time from the first event to the moment covered so far, 0..1. */
  fraction: number;
}

export interface ReplayOptions {
  until: Date;
  /** Lower case letters and digits: the tables are `<table>_<suffix>`. */
  suffix: string;
  /** Only these events are applied (e.g. one supplier's); every event is read either way. */
  filter?: (event: RecordedEvent) => boolean;
  batchSize?: number;
  onProgress?: (progress: ReplayProgress) => Promise<void> | void;
}

/** Events past the moment by more than this end the read: no append transaction stays open that long. */
const SETTLE_MS = 5 * 60_000;
const DEFAULT_BATCH = 5000;

export function replayTableName(table: string, suffix: string): string {
  if (!/^[a-z0-9]{1,20}$/.test(suffix)) throw new Error(`Invalid replay suffix '${suffix}'`);
  return `${table}_${suffix}`;
}

export function replayResolver(projection: Projection, suffix: string): (name: string) => string {
  return (name) => {
    if (!(name in projection.tables)) throw new Error(`Projection ${projection.name} has no table '${name}'`);
    return replayTableName(name, suffix);
  };
}

export async function dropReplayTables(db: Knex, projection: Projection, suffix: string): Promise<void> {
  for (const name of Object.keys(projection.tables)) await db.schema.dropTableIfExists(replayTableName(name, suffix));
}

/** Replays `projection` up to `options.until`; answers the number of events applied. */
export async function replayProjection(db: Knex, feed: EventFeed, projection: Projection, options: ReplayOptions): Promise<number> {
  const table = replayResolver(projection, options.suffix);
  await db.transaction(async (trx) => {
    for (const [name, define] of Object.entries(projection.tables)) {
      await trx.schema.dropTableIfExists(table(name));
      await trx.schema.createTable(table(name), define);
    }
    await projection.afterCreate?.(trx, table);
  });
  const until = options.until.getTime();
  const limit = options.batchSize ?? DEFAULT_BATCH;
  const read = (after: string | null) => feed.readAll(after, limit, { types: projection.handles });
  // The head when the replay starts: everything up to the moment was appended before it.
  const head = await feed.headPosition();
  let firstAt: number | null = null;
  let applied = 0;
  let after: string | null = null;
  let batch = await read(after);
  for (;;) {
    const { events, next } = batch;
    const past = events.length > 0 && events[events.length - 1]!.recordedAt.getTime() > until + SETTLE_MS;
    const done = past || (events.length === 0 && feed.comparePositions(next, head) >= 0);
    // The next batch is read while this one is applied.
    const ahead = done || events.length === 0 ? null : read(next);
    ahead?.catch(() => undefined);
    const chosen = events.filter((e) => e.recordedAt.getTime() <= until && (!options.filter || options.filter(e)));
    if (chosen.length) {
      await db.transaction((trx) => applyEvents(projection, { trx, table }, chosen));
      applied += chosen.length;
      firstAt ??= chosen[0]!.recordedAt.getTime();
      const lastAt = chosen[chosen.length - 1]!.recordedAt.getTime();
      const fraction = until > firstAt ? Math.min(1, Math.max(0, (lastAt - firstAt) / (until - firstAt))) : 1;
      await options.onProgress?.({ events: applied, fraction });
    }
    if (done) break;
    after = next;
    if (ahead) batch = await ahead;
    else {
      // Events behind an open transaction: look again shortly.
      await new Promise((r) => setTimeout(r, 10));
      batch = await read(after);
    }
  }
  return applied;
}
