/**
 * (a) Appends per second: single-event appends through PostgresEventStore from 16 concurrent
 * writers, each appending to its own streams with the right expected revision, against plain
 * autocommit one-row INSERTs of the same kind of row from 16 connections.
 */
import { randomUUID } from 'node:crypto';
import { PostgresEventStore, type ExpectedRevision } from '@tbo/kernel';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { BENCH_ITEM_RECORDED, benchItem, benchMetadata, benchPool, benchRegistry, now, percentile, round } from './support';

const WRITERS = 16;
/** Each writer fills a stream with this many events, then starts the next one. */
const EVENTS_PER_STREAM = 10;
const MIN_EVENTS = 8000;
const MAX_EVENTS = 48_000;
/** Wanted length of a baseline run; the store, being slower, runs longer. */
const TARGET_SECONDS = 4;
const ROUNDS = 3;

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
    ctx.log(`warm-up baseline ${Math.round(warm.perSecond)}/s; ${events} events per run`);

    // Rounds of one baseline run and one store run, the order alternating (B S, S B, B S) so
    // that load drifting on this shared box hits both sides alike; the figure is the median
    // of the per-round ratios, value and baseline the median rates.
    const runs: Run[] = [];
    const ratios: number[] = [];
    for (let pass = 0; pass < ROUNDS; pass++) {
      const order = pass % 2 === 0 ? [baseline, viaStore] : [viaStore, baseline];
      const pair: Run[] = [];
      for (const side of order) {
        const r = await side(events);
        pair.push(r);
        ctx.log(`round ${pass + 1} ${r.side}: ${r.events} in ${r.seconds.toFixed(2)} s = ${Math.round(r.perSecond)}/s`);
      }
      runs.push(...pair);
      const s = pair.find((r) => r.side === 'store')!;
      const b = pair.find((r) => r.side === 'baseline')!;
      ratios.push(s.perSecond / b.perSecond);
    }
    // --profile: where the store's extra cost goes, one more round against a fresh baseline.
    let decomposition: Record<string, unknown> | null = null;
    if (ctx.flags.has('profile')) {
      await pool.query('CREATE TABLE bench_events_like (LIKE events INCLUDING ALL)');
      const sql = async (label: string, text: string, params: (runTag: string, w: number, i: number) => unknown[]) => {
        const runTag = `r${tag++}`;
        const seconds = await writers(events, (w, i) => pool.query(text, params(runTag, w, i)).then(() => undefined));
        const rate = (Math.ceil(events / WRITERS) * WRITERS) / seconds;
        ctx.log(`profile ${label}: ${Math.round(rate)}/s`);
        return rate;
      };
      const b = (await baseline(events)).perSecond;
      const eventsLike = await sql(
        'INSERT into a copy of the events table (same 4 indexes)',
        'INSERT INTO bench_events_like (event_id, stream_id, revision, type, schema_version, data, metadata) VALUES ($1, $2, $3, $4, 1, $5, $6)',
        (t, w, i) => [randomUUID(), `bench-${t}w${w}s${Math.floor(i / EVENTS_PER_STREAM)}`, i % EVENTS_PER_STREAM, BENCH_ITEM_RECORDED, JSON.stringify(benchItem(i)), JSON.stringify(benchMetadata())],
      );
      const fn = await sql(
        'append_events() called directly (no validation, no NOTIFY)',
        'SELECT next_revision, tx::text AS tx, last_position FROM append_events($1, $2, $3::uuid[], $4, $5, $6::jsonb[], $7::jsonb[])',
        (t, w, i) => {
          const k = i % EVENTS_PER_STREAM;
          return [`bench-${t}w${w}s${Math.floor(i / EVENTS_PER_STREAM)}`, k === 0 ? -1 : k - 1, [randomUUID()], [BENCH_ITEM_RECORDED], [1], [JSON.stringify(benchItem(i))], [JSON.stringify(benchMetadata())]];
        },
      );
      const st = (await viaStore(events)).perSecond;
      decomposition = {
        baselinePerSecond: round(b, 1),
        ratioInsertIntoEventsShapedTable: round(eventsLike / b),
        ratioAppendEventsFunctionDirect: round(fn / b),
        ratioStoreAppendToStream: round(st / b),
      };
      ctx.log(`profile: ${JSON.stringify(decomposition)}`);
    }

    const median = (xs: number[]) => percentile(xs, 50);
    const storeRate = median(runs.filter((r) => r.side === 'store').map((r) => r.perSecond));
    const baseRate = median(runs.filter((r) => r.side === 'baseline').map((r) => r.perSecond));
    return [
      {
        name: 'event_store.appends_per_second',
        value: round(storeRate, 1),
        unit: 'events/s',
        baseline: { name: 'plain one-row INSERT autocommit, 16 connections', value: round(baseRate, 1), unit: 'rows/s' },
        ratio: round(median(ratios)),
        aim: { metric: 'ratio', op: '>=', value: 0.5 },
        method: `${WRITERS} writers, single-event appendToStream with expected revision (${EVENTS_PER_STREAM} events per stream) vs INSERT of the same uuid/text/jsonb row; ${events} events per run, ${ROUNDS} rounds (B S, S B, B S), ratio = median of per-round ratios`,
        details: {
          writers: WRITERS,
          eventsPerRun: events,
          roundRatios: ratios.map((r) => round(r)),
          runs: runs.map((r) => ({ ...r, seconds: round(r.seconds), perSecond: round(r.perSecond, 1) })),
          decomposition,
        },
      },
    ];
  } finally {
    await store.close();
    await pool.end();
  }
}

registerBenchmark({ name: 'appends', description: 'single-event appends/s, 16 writers, vs plain INSERT autocommit', run });
