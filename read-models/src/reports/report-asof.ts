import type { Knex } from 'knex';
import type { EventFeed, Projection } from '../runner/projection';
import { tenantOf } from '../runner/apply-batch';
import { sqlMigration } from '../runner/sql-migration';
import { dropReplayTables, replayProjection, replayTableName, type ReplayProgress } from './report-replay';

/**
 * "As of" builds: a projection replayed up to a moment into tables of its own (`<table>_a<id>`), for one
 * supplier (or every supplier, from the command line). A build is a row of report_asof_builds; a job runs it and
 * writes its progress there, the browser polls it. The same moment asked again is answered by the build already
 * made. Builds older than a day are dropped with their tables (sweepAsOfBuilds).
 */

export const reportAsOfMigration = sqlMigration(
  '004-report-asof-builds',
  `
      CREATE TABLE IF NOT EXISTS report_asof_builds (
        id serial PRIMARY KEY,
        projection text NOT NULL,
        supplier_id int,
        until timestamptz(3) NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'running', 'done', 'failed')),
        events int NOT NULL DEFAULT 0,
        progress real NOT NULL DEFAULT 0,
        error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        finished_at timestamptz
      );
      CREATE INDEX IF NOT EXISTS report_asof_builds_lookup ON report_asof_builds (projection, supplier_id, until);
    `,
  'DROP TABLE IF EXISTS report_asof_builds',
);

export type AsOfStatus = 'queued' | 'running' | 'done' | 'failed';

export interface AsOfBuild {
  id: number;
  projection: string;
  supplierId: number | null;
  until: string;
  status: AsOfStatus;
  events: number;
  /** 0..1 */
  progress: number;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

interface BuildRow {
  id: number;
  projection: string;
  supplier_id: number | null;
  until: Date;
  status: AsOfStatus;
  events: number;
  progress: number;
  error: string | null;
  created_at: Date;
  finished_at: Date | null;
}

/** Builds are kept this long, then swept with their tables. */
export const ASOF_KEEP_HOURS = 24;

const view = (r: BuildRow): AsOfBuild => ({
  id: r.id,
  projection: r.projection,
  supplierId: r.supplier_id,
  until: new Date(r.until).toISOString(),
  status: r.status,
  events: r.events,
  progress: r.status === 'done' ? 1 : Number(r.progress),
  error: r.error,
  createdAt: new Date(r.created_at).toISOString(),
  finishedAt: r.finished_at ? new Date(r.finished_at).toISOString() : null,
});

export const asOfSuffix = (id: number) => `a${id}`;

/** The physical table of a build (e.g. report_bookings_a12). */
export function asOfTable(table: string, buildId: number): string {
  return replayTableName(table, asOfSuffix(buildId));
}

/** Builds one supplier may have queued or running at once (each is a full replay into tables of its own). */
export const ASOF_MAX_PENDING = 3;
/** A build queued or running for longer than this (its job lost) no longer counts against the supplier's limit. */
const ASOF_PENDING_HOURS = 1;

/** A moment as builds take it: to the minute, rounded down (asking for 10:15:42 answers the build of 10:15). */
export function asOfMinute(at: Date): Date {
  return new Date(Math.floor(at.getTime() / 60_000) * 60_000);
}

/** Refused: the supplier has `limit` builds queued or running already (the API answers 429). */
export class AsOfBuildsBusyError extends Error {
  constructor(readonly limit: number) {
    super(`${limit} reports as of a moment are being built already: try again once one of them is ready`);
    this.name = 'AsOfBuildsBusyError';
  }
}

/**
 * The build answering `until` for the supplier: the one already made or under way (not failed, not older than a
 * day), else a new queued one (`created`: the caller queues its job). With `maxPending`, a new one is refused
 * (AsOfBuildsBusyError) while the supplier has that many queued or running.
 */
export async function requestAsOfBuild(db: Knex, projection: string, supplierId: number | null, until: Date, { maxPending }: { maxPending?: number } = {}): Promise<{ build: AsOfBuild; created: boolean }> {
  return db.transaction(async (trx) => {
    // One request at a time per supplier: two clicks make one build, and the count of builds under way holds.
    await trx.raw('SELECT pg_advisory_xact_lock(7302, hashtext(?))', [`${projection}:${supplierId ?? '*'}`]);
    const q = trx<BuildRow>('report_asof_builds')
      .where({ projection, until })
      .whereNot('status', 'failed')
      .where('created_at', '>', trx.raw(`now() - interval '${ASOF_KEEP_HOURS - 1} hours'`));
    const existing = await (supplierId === null ? q.whereNull('supplier_id') : q.where('supplier_id', supplierId)).orderBy('id', 'desc').first();
    if (existing) return { build: view(existing), created: false };
    if (maxPending !== undefined) {
      const pending = trx('report_asof_builds')
        .where({ projection })
        .whereIn('status', ['queued', 'running'])
        .where('created_at', '>', trx.raw(`now() - interval '${ASOF_PENDING_HOURS} hours'`));
      const under = await (supplierId === null ? pending.whereNull('supplier_id') : pending.where('supplier_id', supplierId)).count<{ count: string }[]>('* as count').first();
      if (Number(under?.count ?? 0) >= maxPending) throw new AsOfBuildsBusyError(maxPending);
    }
    const [row] = await trx<BuildRow>('report_asof_builds').insert({ projection, supplier_id: supplierId, until, status: 'queued' }).returning('*');
    return { build: view(row!), created: true };
  });
}

export async function findAsOfBuild(db: Knex, id: number): Promise<AsOfBuild | undefined> {
  const row = await db<BuildRow>('report_asof_builds').where({ id }).first();
  return row ? view(row) : undefined;
}

/** What a person is shown for a build that could not be made (the cause is in the job's failure and the log). */
export const ASOF_FAILED_MESSAGE = 'The report could not be built. Please try again.';

/**
 * Runs a build (the job's work): replays the projection up to the build's moment into its own tables, with its
 * progress written as it goes. Run again (a retried job), it starts over: the tables are made anew. A failure
 * before the job's last attempt puts the build back to queued, so a page waiting on it keeps waiting for the
 * retry instead of giving up on a build that is about to succeed; only the last attempt marks it failed.
 */
export async function runAsOfBuild(db: Knex, feed: EventFeed, projections: readonly Projection[], id: number, onProgress?: (p: ReplayProgress) => void, { lastAttempt = true }: { lastAttempt?: boolean } = {}): Promise<AsOfBuild> {
  const row = await db<BuildRow>('report_asof_builds').where({ id }).first();
  if (!row) throw new Error(`No as-of build ${id}`);
  if (row.status === 'done') return view(row);
  const projection = projections.find((p) => p.name === row.projection);
  if (!projection) throw new Error(`Unknown projection '${row.projection}'`);
  await db('report_asof_builds').where({ id }).update({ status: 'running', progress: 0, events: 0, error: null });
  const supplierId = row.supplier_id;
  try {
    const events = await replayProjection(db, feed, projection, {
      until: new Date(row.until),
      suffix: asOfSuffix(id),
      filter: supplierId === null ? undefined : (e) => tenantOf(e).supplierId === supplierId,
      onProgress: async (p) => {
        onProgress?.(p);
        await db('report_asof_builds').where({ id }).update({ events: p.events, progress: Math.min(p.fraction, 0.99) });
      },
    });
    await db('report_asof_builds').where({ id }).update({ status: 'done', events, progress: 1, finished_at: db.fn.now() });
  } catch (err) {
    if (lastAttempt) await db('report_asof_builds').where({ id }).update({ status: 'failed', error: ASOF_FAILED_MESSAGE, finished_at: db.fn.now() });
    else await db('report_asof_builds').where({ id }).update({ status: 'queued', progress: 0, events: 0 });
    throw err;
  }
  return view((await db<BuildRow>('report_asof_builds').where({ id }).first())!);
}

/** Drops builds older than `hours` with their tables; answers how many. */
export async function sweepAsOfBuilds(db: Knex, projections: readonly Projection[], hours = ASOF_KEEP_HOURS): Promise<number> {
  const old = await db<BuildRow>('report_asof_builds').where('created_at', '<', db.raw(`now() - make_interval(hours => ?)`, [hours]));
  for (const b of old) {
    const projection = projections.find((p) => p.name === b.projection);
    if (projection) await dropReplayTables(db, projection, asOfSuffix(b.id));
    await db('report_asof_builds').where({ id: b.id }).delete();
  }
  return old.length;
}
