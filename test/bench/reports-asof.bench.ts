/**
 * Issue 17: a report "as of" a moment is the reports projection replayed over the events recorded up to it, into
 * tables of its own. Measured: that replay (replayProjection, as the as-of job runs it, one supplier's events, up to
 * now) over N BookingCreated against the baseline of the same projection's live catch-up (ProjectionRunner.catchUp
 * from checkpoint zero, under a bench name) over the same events in the same run. Aim: the replay at ≥ 0.8 of it.
 *
 * The events are the bookings-projection benchmark's (bookingData, appendBookingsCreated): 1000 to a stream.
 */
import type { Knex } from 'knex';
import { createEventRegistry } from '@tbo/event-schemas';
import { createKnex, PostgresEventStore } from '@tbo/kernel';
import { dropGenerationTables, dropReplayTables, ensureLiveGeneration, physicalTable, ProjectionRunner, replayProjection, replayTableName, reportsProjection, tenantOf, type Projection, type RunnerLogger } from '@tbo/read-models';
import { appendBookingsCreated, bookingData } from './bookings-projection.bench';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { alternatingRounds, benchPool, now, percentile, round, sizeFlag, waitUntilEventsVisible } from './support';

const DEFAULT_EVENTS = 1_000_000;
const quiet: RunnerLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

async function countRows(knex: Knex, table: string): Promise<number> {
  const [row] = await knex(table).count<{ count: string }[]>('* as count');
  return Number(row!.count);
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const total = sizeFlag(ctx.flags, 'reports-events', DEFAULT_EVENTS);
  const rounds = sizeFlag(ctx.flags, 'reports-rounds', total >= 500_000 ? 1 : 3);
  const pool = benchPool(ctx.databaseUrl, 6);
  const knex = createKnex(ctx.databaseUrl, { poolMax: 4, applicationName: 'tbo-bench' });
  const store = new PostgresEventStore(pool, createEventRegistry(), ctx.databaseUrl);
  const supplierId = bookingData(0).supplierId;
  try {
    const appendSeconds = await appendBookingsCreated(store, total);
    ctx.log(`appended ${total} BookingCreated in ${appendSeconds.toFixed(1)} s`);
    await pool.query('VACUUM ANALYZE events');
    await waitUntilEventsVisible(pool);
    const until = new Date();

    const live = async (r: number) => {
      // The real projection under a name of its own: a live generation with its runner, from checkpoint zero.
      const projection: Projection = { ...reportsProjection, name: `bench_reports_live${r}` };
      await ensureLiveGeneration(knex, projection);
      const runner = new ProjectionRunner(knex, store, projection, quiet);
      const t = now();
      await runner.catchUp(1_800_000);
      const seconds = (now() - t) / 1000;
      const rows = await countRows(knex, physicalTable('report_bookings', 1));
      if (rows !== total) throw new Error(`live catch-up wrote ${rows} rows, expected ${total}`);
      // The bench database has no other reports projection: its view is this one's, and goes with its tables.
      await knex.raw('DROP VIEW IF EXISTS report_bookings');
      await dropGenerationTables(knex, projection, 1);
      ctx.log(`live catch-up over ${total} events: ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} events/s`);
      return seconds;
    };
    const asOf = async (r: number) => {
      const suffix = `bench${r}`;
      const t = now();
      const events = await replayProjection(knex, store, reportsProjection, { until, suffix, filter: (e) => tenantOf(e).supplierId === supplierId });
      const seconds = (now() - t) / 1000;
      const rows = await countRows(knex, replayTableName('report_bookings', suffix));
      if (events !== total || rows !== total) throw new Error(`as-of replay applied ${events} events into ${rows} rows, expected ${total}`);
      await dropReplayTables(knex, reportsProjection, suffix);
      ctx.log(`as-of replay over ${total} events: ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} events/s`);
      return seconds;
    };
    const lives: number[] = [];
    const replays: number[] = [];
    const ratios: number[] = [];
    for (const { baseline, measured } of await alternatingRounds(rounds, live, asOf)) {
      lives.push(baseline);
      replays.push(measured);
      ratios.push(baseline / measured);
    }
    return [
      {
        name: 'reports.asof_replay_events_per_second',
        value: round(total / percentile(replays, 50), 1),
        unit: 'events/s',
        baseline: { name: "the reports projection's live catch-up (ProjectionRunner) over the same events", value: round(total / percentile(lives, 50), 1), unit: 'events/s' },
        ratio: round(percentile(ratios, 50)),
        aim: { metric: 'ratio', op: '>=', value: 0.8 },
        method: `replayProjection() of the reports projection up to a moment after the last event, one supplier's events, into tables of its own, vs ProjectionRunner.catchUp() of the same projection from checkpoint zero; ${total} BookingCreated; ${rounds} round(s), alternating; ratio = median of per-round ratios`,
        details: { events: total, appendSeconds: round(appendSeconds, 2), liveSeconds: lives.map((x) => round(x)), replaySeconds: replays.map((x) => round(x)), roundRatios: ratios.map((x) => round(x)) },
      },
    ];
  } finally {
    await store.close();
    await knex.destroy();
    await pool.end();
  }
}

registerBenchmark({ name: 'reports-asof', description: 'an as-of replay of the reports projection over 1M booking events vs its live catch-up', run });
