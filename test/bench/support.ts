import { randomBytes, randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { Client, Pool } from 'pg';
import { z } from 'zod';
import { createEventRegistry, type EventMetadata, type EventSchemaDefinition, type EventSchemaRegistry } from '@tbo/event-schemas';
import type { Knex } from 'knex';
import { createKnex, migrateLatest, PostgresEventStore } from '@tbo/kernel';
import { appMigrations } from '../../apps/api/src/db/app-migrations';
import { adminUrl, withDatabase } from '../support/database-url';

// ---------------------------------------------------------------------------------------------
// Throwaway databases

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

/** The server benchmarks use: 127.0.0.1 unless BENCH_DATABASE_URL says otherwise (and that must be loopback too). */
export function benchServerUrl(): string {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const host = new URL(url).hostname;
  if (!LOOPBACK.has(host)) throw new Error(`Benchmarks only talk to a local server; BENCH_DATABASE_URL points at ${host}`);
  return url;
}

const liveDatabases = new Set<string>();

export interface BenchDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** CREATE DATABASE tbo_bench_<random>, migrated with the app's migrations (like test/support/global-setup.ts). */
export async function createBenchDatabase(base: string): Promise<BenchDatabase> {
  const name = `tbo_bench_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl(base), application_name: 'tbo-bench-admin' });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  liveDatabases.add(name);
  const url = withDatabase(base, name);
  const drop = () => dropBenchDatabase(base, name);
  try {
    await migrateLatest(url, appMigrations);
  } catch (err) {
    await drop().catch(() => undefined);
    throw err;
  }
  return { name, url, drop };
}

async function dropBenchDatabase(base: string, name: string): Promise<void> {
  if (process.env.KEEP_BENCH_DATABASE) return;
  const admin = new Client({ connectionString: adminUrl(base), application_name: 'tbo-bench-admin' });
  await admin.connect();
  try {
    // pg's Pool.end() resolves before its sockets have closed; a connection that FORCE then
    // terminates makes an 'error' on a pool without a listener (the API's has none) and
    // kills the process. So give closing connections a moment to go first.
    for (let waited = 0; waited < 3000; waited += 20) {
      const res = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (res.rows[0]!.n === 0) break;
      await sleep(20);
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    liveDatabases.delete(name);
  } finally {
    await admin.end();
  }
}

/** A pool that survives its database being dropped under it (errors on idle clients are expected then). */
export function benchPool(url: string, max: number): Pool {
  const pool = new Pool({ connectionString: url, max, application_name: 'tbo-bench' });
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Readers only see events whose transaction is older than the oldest transaction still running
 * anywhere on the server (pg_snapshot_xmin is cluster-wide, so another database's open
 * transaction counts too). Waits until every event in the store is below that watermark and
 * answers how long that took.
 */
export async function waitUntilEventsVisible(pool: Pool, timeoutMs = 120_000): Promise<number> {
  const t0 = performance.now();
  for (;;) {
    const res = await pool.query<{ ready: boolean }>(
      'SELECT coalesce(pg_snapshot_xmin(pg_current_snapshot()) > (SELECT max(transaction_id) FROM events), true) AS ready',
    );
    if (res.rows[0]!.ready) return performance.now() - t0;
    if (performance.now() - t0 > timeoutMs) throw new Error(`events still behind the transaction watermark after ${timeoutMs} ms`);
    await sleep(20);
  }
}

/** What the store benchmarks work with directly: the event store on a pool of its own, and a knex beside it. */
export interface BenchStore {
  pool: Pool;
  knex: Knex;
  store: PostgresEventStore;
}

/** A pool of 6 with a PostgresEventStore of `registry` on it and a knex of 4, for `run`; all three closed after. */
export async function withBenchStore<T>(databaseUrl: string, registry: EventSchemaRegistry, run: (s: BenchStore) => Promise<T>): Promise<T> {
  const pool = benchPool(databaseUrl, 6);
  const knex = createKnex(databaseUrl, { poolMax: 4, applicationName: 'tbo-bench' });
  const store = new PostgresEventStore(pool, registry, databaseUrl);
  try {
    return await run({ pool, knex, store });
  } finally {
    await store.close();
    await knex.destroy();
    await pool.end();
  }
}

/** For signal handlers: drops every database this process created and has not dropped yet. */
export async function dropAllBenchDatabases(base: string): Promise<void> {
  for (const name of [...liveDatabases]) await dropBenchDatabase(base, name).catch(() => undefined);
}

// ---------------------------------------------------------------------------------------------
// The bench event type

export const BENCH_ITEM_RECORDED = 'BenchItemRecorded';

export const BenchItemRecorded = z.object({
  itemId: z.number().int().positive(),
  name: z.string().min(1).max(100),
  amount: z.number().int(),
  tags: z.array(z.string().max(20)).max(10),
});
export type BenchItemData = z.infer<typeof BenchItemRecorded>;

export const benchEventSchemas: EventSchemaDefinition[] = [
  { type: BENCH_ITEM_RECORDED, version: 1, schema: BenchItemRecorded, example: { itemId: 1, name: 'Item 1', amount: 100, tags: ['desert', 'evening'] } },
];

/** The product's registry plus the bench type. */
export function benchRegistry(): EventSchemaRegistry {
  return createEventRegistry().register(...benchEventSchemas);
}

const TAGS = ['desert', 'evening', 'marina', 'family', 'private', 'shared'];

export function benchItem(i: number): BenchItemData {
  return { itemId: i + 1, name: `Dhow cruise item ${i + 1}`, amount: 5000 + (i % 997) * 25, tags: [TAGS[i % TAGS.length]!, TAGS[(i + 2) % TAGS.length]!] };
}

export function benchMetadata(): EventMetadata {
  return {
    userId: 'bench@example.com',
    tenantId: null,
    correlationId: randomUUID(),
    causationId: null,
    commandId: randomUUID(),
    occurredAt: new Date().toISOString(),
  };
}

// ---------------------------------------------------------------------------------------------
// Numbers

export const now = () => performance.now();

/** Nearest-rank percentile (p in 0..100) of unsorted samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

export function round(x: number, digits = 3): number {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
}

/** Runs `fn` on `items` with at most `limit` in flight. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  });
  await Promise.all(workers);
  return out;
}

/** The environment variables a benchmark sets for its in-process API, as they were: `restore()` puts them back. */
export function savedEnv(...names: string[]): { restore(): void } {
  const saved = Object.fromEntries(names.map((k) => [k, process.env[k]]));
  return {
    restore() {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
    },
  };
}

/** Latency samples (ms) as the latency benchmarks report them: count, percentiles and max, to 0.01 ms. */
export function latencySummary(samples: readonly number[]) {
  return {
    n: samples.length,
    p50: round(percentile(samples, 50), 2),
    p90: round(percentile(samples, 90), 2),
    p95: round(percentile(samples, 95), 2),
    p99: round(percentile(samples, 99), 2),
    max: round(Math.max(...samples), 2),
  };
}

/**
 * `rounds` rounds of a baseline and the thing measured, the order alternating (B M, M B, B M, …) so load drifting
 * on a shared machine hits both alike. Answers each round's two results.
 */
export async function alternatingRounds<B, M>(rounds: number, baseline: (round: number) => Promise<B>, measured: (round: number) => Promise<M>): Promise<{ baseline: B; measured: M }[]> {
  const out: { baseline: B; measured: M }[] = [];
  for (let r = 1; r <= rounds; r++) {
    if (r % 2 === 1) {
      const b = await baseline(r);
      out.push({ baseline: b, measured: await measured(r) });
    } else {
      const m = await measured(r);
      out.push({ baseline: await baseline(r), measured: m });
    }
  }
  return out;
}

/** A size the command line may set (`--<name>=N`, a positive number), else the benchmark's default. */
export function sizeFlag(flags: ReadonlyMap<string, string | true>, name: string, fallback: number): number {
  const n = Number(flags.get(name));
  return n > 0 ? n : fallback;
}
