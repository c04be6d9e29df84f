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
import { dropGenerationTables, dropReplayTables, ensureLiveGeneration, physicalTable, ProjectionRunner, replayProjection, replayTableName, reportsProjection, tenantOf, type Projection, type RunnerLogger } from '@tbo/read-models';
import { appendBookingsCreated, bookingData } from './bookings-projection.bench';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { now, round, sizeFlag, waitUntilEventsVisible, withBenchStore } from './support';
import { secondsRounds, throughput } from './figures';

const DEFAULT_EVENTS = 1_000_000;
const quiet: RunnerLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

async function countRows(knex: Knex, table: string): Promise<number> {
  const [row] = await knex(table).count<{ count: string }[]>('* as count');
  return Number(row!.count);
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const total = sizeFlag(ctx.flags, 'reports-events', DEFAULT_EVENTS);
  const rounds = sizeFlag(ctx.flags, 'reports-rounds', total >= 500_000 ? 1 : 3);
  const supplierId = bookingData(0).supplierId;
  return withBenchStore(ctx.databaseUrl, createEventRegistry(), async ({ pool, knex, store }) => {
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
    const timed = await secondsRounds(rounds, live, asOf);
    return [
      {
        ...throughput('reports.asof_replay_events_per_second', total, timed, "the reports projection's live catch-up (ProjectionRunner) over the same events", 'events/s'),
        aim: { metric: 'ratio', op: '>=', value: 0.8 },
        method: `replayProjection() of the reports projection up to a moment after the last event, one supplier's events, into tables of its own, vs ProjectionRunner.catchUp() of the same projection from checkpoint zero; ${total} BookingCreated; ${rounds} round(s), alternating; ratio = median of per-round ratios`,
        details: { events: total, appendSeconds: round(appendSeconds, 2), liveSeconds: timed.baseline.map((x) => round(x)), replaySeconds: timed.measured.map((x) => round(x)), roundRatios: timed.ratios.map((x) => round(x)) },
      },
    ];
  });
}

registerBenchmark({ name: 'reports-asof', description: 'an as-of replay of the reports projection over 1M booking events vs its live catch-up', run });
