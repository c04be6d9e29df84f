/**
 * (b) Projection catch-up: a projection that writes one row per event (applyBatch with one
 * multi-row INSERT ... SELECT FROM unnest per batch) goes from checkpoint zero to caught up
 * over 100,000 events with ProjectionRunner.catchUp(); baseline: COPY FROM STDIN of the same
 * 100,000 rows into an identically shaped table.
 */
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import type { Pool, QueryResult } from 'pg';
import type { RecordedEvent } from '@tbo/event-schemas';
import { parsePgPosition, type PostgresEventStore } from '@tbo/kernel';
import { ensureLiveGeneration, physicalTable, ProjectionRunner, type EventFeed, type Projection, type RunnerLogger } from '@tbo/read-models';
import { copyRows } from './copy-rows';
import { compared } from './figures';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { alternatingRounds, BENCH_ITEM_RECORDED, benchItem, benchMetadata, benchRegistry, mapLimit, now, percentile, round, sizeFlag, waitUntilEventsVisible, withBenchStore, type BenchItemData } from './support';

const DEFAULT_EVENTS = 100_000;
const EVENTS_PER_APPEND = 1000;
const BATCH_SIZE = 2000;
const AIM = 0.25;
const ROUNDS = 3;

interface ItemRow {
  event_id: string;
  stream_id: string;
  revision: number;
  item_id: number;
  name: string;
  amount: number;
  tags: string;
  recorded_at: Date;
}
const COLUMNS = ['event_id', 'stream_id', 'revision', 'item_id', 'name', 'amount', 'tags', 'recorded_at'] as const;

/** The read-model table: the projection's generations and the COPY baseline share this definition. */
function defineItemsTable(t: Knex.CreateTableBuilder): void {
  t.uuid('event_id').primary();
  t.text('stream_id').notNullable();
  t.integer('revision').notNullable();
  t.integer('item_id').notNullable();
  t.text('name').notNullable();
  t.integer('amount').notNullable();
  t.jsonb('tags').notNullable();
  t.specificType('recorded_at', 'timestamptz').notNullable();
}

function rowOf(e: RecordedEvent): ItemRow {
  const d = e.data as BenchItemData;
  return {
    event_id: e.eventId,
    stream_id: e.streamId,
    revision: e.revision,
    item_id: d.itemId,
    name: d.name,
    amount: d.amount,
    tags: JSON.stringify(d.tags),
    recorded_at: e.recordedAt,
  };
}

interface ApplyProfile {
  applyMs: number;
  batches: number;
}

function benchItemsProjection(name: string, profile: ApplyProfile): Projection {
  return {
    name,
    version: 1,
    handles: [BENCH_ITEM_RECORDED],
    tables: { [name]: defineItemsTable },
    async apply({ trx, table }, event) {
      await trx(table(name)).insert(rowOf(event));
    },
    async applyBatch({ trx, table }, events) {
      const t0 = now();
      const cols: unknown[][] = COLUMNS.map(() => new Array(events.length));
      events.forEach((e, i) => {
        const r = rowOf(e);
        COLUMNS.forEach((c, k) => (cols[k]![i] = r[c]));
      });
      await trx.raw(
        `INSERT INTO ?? (${COLUMNS.join(', ')})
         SELECT * FROM unnest(?::uuid[], ?::text[], ?::int[], ?::int[], ?::text[], ?::int[], ?::jsonb[], ?::timestamptz[])`,
        [table(name), ...cols] as Knex.RawBinding[],
      );
      profile.applyMs += now() - t0;
      profile.batches++;
    },
  };
}

const quiet: RunnerLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };

/** The store's readAll statement (postgres-event-store.ts), for the read profile. Keep in step with it. */
const READ_ALL_SQL = `WITH w AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
            e AS (
              SELECT event_id, stream_id, revision, type, schema_version, data, metadata, recorded_at, transaction_id::text AS tx, global_position FROM events
               WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
                 AND transaction_id < (SELECT xmin FROM w) AND type = ANY($4::text[])
               ORDER BY transaction_id, global_position
               LIMIT $3)
       SELECT (SELECT xmin::text FROM w) AS watermark, e.* FROM (SELECT 1) AS one LEFT JOIN e ON true
       ORDER BY e.tx::xid8, e.global_position`;

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const total = sizeFlag(ctx.flags, 'events', DEFAULT_EVENTS);
  return withBenchStore(ctx.databaseUrl, benchRegistry(), async ({ pool, knex, store }) => {
    // 1. The events: 1000 per append, 4 appends in flight; the rows the COPY loads are the same ones.
    const rows: ItemRow[] = new Array(total);
    const t0 = now();
    const streams = Array.from({ length: Math.ceil(total / EVENTS_PER_APPEND) }, (_, s) => s);
    await mapLimit(streams, 4, async (s) => {
      const first = s * EVENTS_PER_APPEND;
      const count = Math.min(EVENTS_PER_APPEND, total - first);
      const stream = `benchitems-${s}`;
      const events = Array.from({ length: count }, (_, k) => ({ type: BENCH_ITEM_RECORDED, data: benchItem(first + k), eventId: randomUUID() }));
      await store.appendToStream(stream, events, { expectedRevision: 'no_stream', metadata: benchMetadata() });
      const at = new Date();
      events.forEach((e, k) => {
        const d = e.data;
        rows[first + k] = { event_id: e.eventId, stream_id: stream, revision: k, item_id: d.itemId, name: d.name, amount: d.amount, tags: JSON.stringify(d.tags), recorded_at: at };
      });
    });
    const appendSeconds = (now() - t0) / 1000;
    ctx.log(`appended ${total} events in ${appendSeconds.toFixed(1)} s (${Math.round(total / appendSeconds)}/s, ${EVENTS_PER_APPEND} per append)`);
    await pool.query('VACUUM ANALYZE events');
    // catchUp() stops at the first empty batch, and committed events stay unreadable while any
    // older transaction on the server is open: wait for them first, or it "catches up" on nothing.
    const watermarkWaitMs = await waitUntilEventsVisible(pool);
    if (watermarkWaitMs > 100) ctx.log(`waited ${Math.round(watermarkWaitMs)} ms for older transactions elsewhere on the server to end`);

    // 2. Rounds of one COPY and one catch-up, the order alternating (C P, P C, C P) so load
    //    drifting on this shared box hits both alike; ratio = median of the per-round ratios.
    const copies: number[] = [];
    const projections: { seconds: number; readMs: number; reads: number; applyMs: number; batches: number }[] = [];
    const roundRatios: number[] = [];
    const copyOnce = async (n: number) => {
      const table = `bench_items_copy${n}`;
      await knex.schema.createTable(table, defineItemsTable);
      const seconds = await copyRows(pool, table, COLUMNS, rows);
      ctx.log(`COPY ${total} rows: ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} rows/s`);
      return seconds;
    };
    const projectOnce = async (n: number, batchSize = BATCH_SIZE) => {
      const profile = { readMs: 0, reads: 0, applyMs: 0, batches: 0 };
      const feed: EventFeed = {
        async readAll(after, limit, options) {
          const t = now();
          try {
            return await store.readAll(after, limit, options);
          } finally {
            profile.readMs += now() - t;
            profile.reads++;
          }
        },
        onAppended: (l) => store.onAppended(l),
        comparePositions: (a, b) => store.comparePositions(a, b),
        headPosition: () => store.headPosition(),
      };
      const projection = benchItemsProjection(`bench_items_${n}`, profile);
      await ensureLiveGeneration(knex, projection);
      const runner = new ProjectionRunner(knex, feed, projection, quiet, { batchSize });
      const t = now();
      await runner.catchUp();
      const seconds = (now() - t) / 1000;
      const count = await knex(physicalTable(projection.name, 1)).count<{ count: number }[]>('* as count');
      if (Number(count[0]!.count) !== total) throw new Error(`projection wrote ${count[0]!.count} rows, expected ${total}`);
      ctx.log(
        `projection catch-up ${total} events, batchSize ${batchSize}: ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} rows/s ` +
          `(readAll ${Math.round(profile.readMs)} ms in ${profile.reads} calls, applyBatch ${Math.round(profile.applyMs)} ms, rest ${Math.round(seconds * 1000 - profile.readMs - profile.applyMs)} ms)`,
      );
      return { seconds, ...profile };
    };
    for (const { baseline: c, measured: p } of await alternatingRounds(ROUNDS, copyOnce, (r) => projectOnce(r))) {
      copies.push(c);
      projections.push(p);
      roundRatios.push(c / p.seconds);
    }
    const copyRate = total / percentile(copies, 50);
    const middle = [...projections].sort((x, y) => x.seconds - y.seconds)[Math.floor(projections.length / 2)]!;
    const projectionRate = total / middle.seconds;
    const ratio = percentile(roundRatios, 50);
    const breakdown = {
      totalMs: round(middle.seconds * 1000, 1),
      readAllMs: round(middle.readMs, 1),
      readAllCalls: middle.reads,
      applyBatchMs: round(middle.applyMs, 1),
      transactionLockCheckpointMs: round(middle.seconds * 1000 - middle.readMs - middle.applyMs, 1),
    };

    // 3. Where the read time goes, when the aim is missed or --profile asks.
    let readProfile: Record<string, unknown> | null = null;
    let biggerBatches: Record<string, unknown> | null = null;
    if (ratio < AIM || ctx.flags.has('profile')) {
      readProfile = await profileReads(pool, store, total);
      ctx.log(`read profile: ${JSON.stringify(readProfile)}`);
      // How much is per-batch overhead: the same catch-up with batches 2.5 times as big.
      const big = await projectOnce(ROUNDS + 1, BATCH_SIZE * 2.5);
      biggerBatches = { batchSize: BATCH_SIZE * 2.5, seconds: round(big.seconds), ratio: round(total / big.seconds / copyRate) };
    }

    return [
      {
        ...compared('projection.catch_up_rows_per_second', projectionRate, { name: 'COPY FROM STDIN of the same rows', value: copyRate }, 'rows/s', { ratio }),
        aim: { metric: 'ratio', op: '>=', value: AIM },
        method: `ProjectionRunner.catchUp() from checkpoint zero over ${total} events (batchSize ${BATCH_SIZE}, applyBatch = one INSERT ... SELECT FROM unnest per batch) vs COPY FROM STDIN (pg-copy-streams, text encoding included) into an identical table; ${ROUNDS} rounds (C P, P C, C P), ratio = median of per-round ratios, value and baseline the median rates`,
        details: {
          events: total,
          batchSize: BATCH_SIZE,
          appendSeconds: round(appendSeconds, 2),
          watermarkWaitMs: round(watermarkWaitMs, 1),
          copySeconds: copies.map((s) => round(s)),
          projectionSeconds: projections.map((p) => round(p.seconds)),
          medianProjectionBreakdown: breakdown,
          roundRatios: roundRatios.map((x) => round(x)),
          readProfile,
          biggerBatches,
        },
      },
    ];
  });
}

/**
 * Splits a full read of the bench events in BATCH_SIZE pages (fastest of 2 each) into: the SQL with rows kept as
 * text (server + transfer), the driver's parsing (JSON.parse of data and metadata, dates), and
 * the store's mapping (upcast, positions) — plus EXPLAIN ANALYZE of one page in the middle.
 */
async function profileReads(pool: Pool, store: PostgresEventStore, total: number): Promise<Record<string, unknown>> {
  const asText = { getTypeParser: () => (v: string) => v };
  const rawPass = async (parse: boolean) => {
    let after: string | null = null;
    let n = 0;
    const t0 = now();
    for (;;) {
      const from = parsePgPosition(after);
      const res: QueryResult<{ event_id: string | null; tx: string; global_position: string | number }> = await pool.query({
        text: READ_ALL_SQL,
        values: [from.tx.toString(), from.pos.toString(), BATCH_SIZE, [BENCH_ITEM_RECORDED]],
        ...(parse ? {} : { types: asText }),
      });
      const rows = res.rows.filter((r) => r.event_id !== null);
      n += rows.length;
      if (rows.length < BATCH_SIZE) break;
      const last = rows[rows.length - 1]!;
      after = `${last.tx}:${last.global_position}`;
    }
    return { ms: now() - t0, n };
  };
  const storePass = async () => {
    let after: string | null = null;
    let n = 0;
    const t0 = now();
    for (;;) {
      const { events, next } = await store.readAll(after, BATCH_SIZE, { types: [BENCH_ITEM_RECORDED] });
      n += events.length;
      if (events.length < BATCH_SIZE) break;
      after = next;
    }
    return { ms: now() - t0, n };
  };
  // Each pass twice, interleaved, fastest kept: the differences between passes are small next to this box's noise.
  const passes: { text: { ms: number; n: number }[]; parsed: { ms: number; n: number }[]; full: { ms: number; n: number }[] } = { text: [], parsed: [], full: [] };
  for (let i = 0; i < 2; i++) {
    passes.text.push(await rawPass(false));
    passes.parsed.push(await rawPass(true));
    passes.full.push(await storePass());
  }
  if ([...passes.text, ...passes.parsed, ...passes.full].some((p) => p.n !== total)) throw new Error('read profile did not see every event');
  const fastest = (xs: { ms: number }[]) => ({ ms: Math.min(...xs.map((x) => x.ms)) });
  const text = fastest(passes.text);
  const parsed = fastest(passes.parsed);
  const full = fastest(passes.full);

  // EXPLAIN ANALYZE of the page halfway through.
  const mid = await pool.query<{ tx: string; global_position: string | number }>(
    `SELECT transaction_id::text AS tx, global_position FROM events ORDER BY transaction_id, global_position OFFSET $1 LIMIT 1`,
    [Math.floor(total / 2)],
  );
  const m = mid.rows[0]!;
  const plan = await pool.query<{ 'QUERY PLAN': string }>({
    text: `EXPLAIN (ANALYZE, BUFFERS) ${READ_ALL_SQL}`,
    values: [m.tx, String(m.global_position), BATCH_SIZE, [BENCH_ITEM_RECORDED]],
  });
  const planLines = plan.rows.map((r) => r['QUERY PLAN']);
  return {
    pages: Math.ceil(total / BATCH_SIZE),
    sqlAndTransferAsTextMs: round(text.ms, 1),
    driverRowParsingMs: round(parsed.ms - text.ms, 1),
    storeMappingUpcastMs: round(full.ms - parsed.ms, 1),
    readAllTotalMs: round(full.ms, 1),
    explainOnePage: {
      executionMs: planLines.find((l) => l.startsWith('Execution Time'))?.replace(/[^\d.]/g, '') ?? null,
      scan: planLines.filter((l) => /Scan/.test(l)).map((l) => l.trim()),
    },
  };
}

registerBenchmark({ name: 'catch-up', description: 'projection catch-up over 100k events vs COPY FROM STDIN', run });
