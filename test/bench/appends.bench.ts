/**
 * (a) Appends per second: single-event appends through PostgresEventStore from 16 concurrent
 * writers, each appending to its own streams with the right expected revision, against plain
 * autocommit one-row INSERTs of the same kind of row from 16 connections.
 */
import { randomUUID } from 'node:crypto';
import { PostgresEventStore, type ExpectedRevision } from '@tbo/kernel';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { BENCH_ITEM_RECORDED, benchItem, benchMetadata, benchPool, benchRegistry, now, round } from './support';

const WRITERS = 16;
/** Each writer fills a stream with this many events, then starts the next one. */
const EVENTS_PER_STREAM = 10;
const MIN_EVENTS = 8000;
const MAX_EVENTS = 64_000;
/** Wanted length of a baseline run; the store, being slower, runs longer. */
const TARGET_SECONDS = 4.5;

interface Run {
  side: 'baseline' | 'store';
  events: number;
  seconds: number;
  perSecond: number;
}

async function writers(total: number, write: (writer: number, i: number) => Promise<void>): Promise<number> {
  const per = Math.ceil(total / WRITERS);
  const t0 = now();
  await Promise.all(
    Array.from({ length: WRITERS }, async (_, w) => {
      for (let i = 0; i < per; i++) await write(w, i);
    }),
  );
  return (now() - t0) / 1000;
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  // Writers plus room for the store's NOTIFY after each append, so no writer waits for a connection.
  const pool = benchPool(ctx.databaseUrl, WRITERS + 4);
  const store = new PostgresEventStore(pool, benchRegistry(), ctx.databaseUrl, (err) => ctx.log(`store background error: ${(err as Error).message}`));
  try {
    await pool.query(`
      CREATE TABLE bench_plain_rows (
        event_id uuid PRIMARY KEY,
        stream_id text NOT NULL,
        type text NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Open every connection before timing anything.
    await Promise.all(Array.from({ length: WRITERS + 4 }, () => pool.query('SELECT 1')));

    let tag = 0;
    const baseline = async (events: number): Promise<Run> => {
      const runTag = `r${tag++}`;
      const seconds = await writers(events, (w, i) => {
        const stream = `bench-${runTag}w${w}s${Math.floor(i / EVENTS_PER_STREAM)}`;
        return pool
          .query('INSERT INTO bench_plain_rows (event_id, stream_id, type, data, metadata) VALUES ($1, $2, $3, $4, $5)', [
            randomUUID(),
            stream,
            BENCH_ITEM_RECORDED,
            JSON.stringify(benchItem(i)),
            JSON.stringify(benchMetadata()),
          ])
          .then(() => undefined);
      });
      const n = Math.ceil(events / WRITERS) * WRITERS;
      return { side: 'baseline', events: n, seconds, perSecond: n / seconds };
    };
    const viaStore = async (events: number): Promise<Run> => {
      const runTag = `r${tag++}`;
      const revisions = new Array<number | null>(WRITERS).fill(null);
      const seconds = await writers(events, async (w, i) => {
        const k = i % EVENTS_PER_STREAM;
        const expectedRevision: ExpectedRevision = k === 0 ? 'no_stream' : revisions[w]!;
        const res = await store.appendToStream(`bench-${runTag}w${w}s${Math.floor(i / EVENTS_PER_STREAM)}`, [{ type: BENCH_ITEM_RECORDED, data: benchItem(i) }], {
          expectedRevision,
          metadata: benchMetadata(),
        });
        revisions[w] = res.nextExpectedRevision;
      });
      const n = Math.ceil(events / WRITERS) * WRITERS;
      return { side: 'store', events: n, seconds, perSecond: n / seconds };
    };

    // Warm up both paths (JIT, plans, connections) and size the runs from the baseline's rate.
    await baseline(WRITERS * 60);
    await viaStore(WRITERS * 60);
    const warm = await baseline(WRITERS * 200);
    await viaStore(WRITERS * 200);
    const fixed = Number(ctx.flags.get('appends'));
    const events = Number.isFinite(fixed) && fixed > 0 ? fixed : Math.min(MAX_EVENTS, Math.max(MIN_EVENTS, Math.ceil((warm.perSecond * TARGET_SECONDS) / 1000) * 1000));
    ctx.log(`warm-up baseline ${Math.round(warm.perSecond)}/s; ${events} events per run, interleaved baseline, store, baseline, store`);

    const runs: Run[] = [];
    for (let pass = 0; pass < 2; pass++) {
      for (const side of [baseline, viaStore]) {
        const r = await side(events);
        runs.push(r);
        ctx.log(`${r.side}: ${r.events} in ${r.seconds.toFixed(2)} s = ${Math.round(r.perSecond)}/s`);
      }
    }
    const best = (side: Run['side']) => Math.max(...runs.filter((r) => r.side === side).map((r) => r.perSecond));
    const storeRate = best('store');
    const baseRate = best('baseline');
    return [
      {
        name: 'event_store.appends_per_second',
        value: round(storeRate, 1),
        unit: 'events/s',
        baseline: { name: 'plain one-row INSERT autocommit, 16 connections', value: round(baseRate, 1), unit: 'rows/s' },
        ratio: round(storeRate / baseRate),
        aim: { metric: 'ratio', op: '>=', value: 0.5 },
        method: `${WRITERS} writers, single-event appendToStream with expected revision (${EVENTS_PER_STREAM} events per stream) vs INSERT of the same uuid/text/jsonb row; ${events} events per run, runs interleaved B,S,B,S, best of 2 per side`,
        details: {
          writers: WRITERS,
          eventsPerRun: events,
          runs: runs.map((r) => ({ ...r, seconds: round(r.seconds), perSecond: round(r.perSecond, 1) })),
        },
      },
    ];
  } finally {
    await store.close();
    await pool.end();
  }
}

registerBenchmark({ name: 'appends', description: 'single-event appends/s, 16 writers, vs plain INSERT autocommit', run });
