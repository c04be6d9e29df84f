import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Knex } from 'knex';
import { Pool } from 'pg';
import type { EventMetadata, EventSchemaRegistry } from '@tbo/event-schemas';
import { createKnex, PostgresEventStore } from '@tbo/kernel';
import type { EventFeed, GenerationRow, ParkedEventRow, RunnerLogger } from '@tbo/read-models';

/** Shared helpers of the projection runner tests (test/projections/*.test.ts). */

export const databaseUrl = (): string => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run through jest (test/support/global-setup.ts)');
  return url;
};

/** Lower-case letters and digits: fits projection names, table names and stream categories. */
export function uniqueTag(): string {
  return `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

export function testMetadata(): EventMetadata {
  return { correlationId: randomUUID(), commandId: randomUUID(), occurredAt: new Date().toISOString(), userId: 'test' };
}

export interface StoreHandle {
  pool: Pool;
  store: PostgresEventStore;
  close(): Promise<void>;
}

/** A Postgres event store on its own pool, built on the test's registry. */
export function openStore(registry: EventSchemaRegistry, opts: { max: number; applicationName: string }): StoreHandle {
  const pool = new Pool({ connectionString: databaseUrl(), max: opts.max, application_name: opts.applicationName });
  pool.on('error', () => undefined); // an idle client dropped by the server must not crash jest
  const store = new PostgresEventStore(pool, registry, databaseUrl());
  return {
    pool,
    store,
    async close() {
      await store.close();
      await pool.end();
    },
  };
}

export function openKnex(applicationName: string, poolMax = 4): Knex {
  return createKnex(databaseUrl(), { applicationName, poolMax });
}

/** Keeps what the runner says, so tests can tell a transient retry from a failure. */
export class RecordingLogger implements RunnerLogger {
  readonly entries: { level: 'log' | 'warn' | 'error'; message: string; meta?: Record<string, unknown> }[] = [];
  log(message: string, meta?: Record<string, unknown>): void {
    this.entries.push({ level: 'log', message, meta });
  }
  warn(message: string, meta?: Record<string, unknown>): void {
    this.entries.push({ level: 'warn', message, meta });
  }
  error(message: string, meta?: Record<string, unknown>): void {
    this.entries.push({ level: 'error', message, meta });
  }
  count(level: 'log' | 'warn' | 'error'): number {
    return this.entries.filter((e) => e.level === level).length;
  }
}

/**
 * The columns every probe projection's per-event row starts with: the event's id as primary key (so applying one event
 * twice conflicts, which the probes count), and with `place` its stream and revision.
 */
export function eventRowKey(t: Knex.CreateTableBuilder, opts: { place?: boolean } = {}): void {
  t.uuid('event_id').primary();
  if (!opts.place) return;
  t.text('stream').notNullable();
  t.integer('revision').notNullable();
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` answers a truthy value; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => Promise<T | false | null | undefined>, timeoutMs = 30_000, everyMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(everyMs);
  }
}

export async function liveGeneration(db: Knex, name: string): Promise<GenerationRow | undefined> {
  return db<GenerationRow>('projection_generations').where({ name, status: 'live' }).first();
}

/**
 * Waits until the projection's live checkpoint is at or past `position` (e.g. the store's head
 * once the writers are done): from then on every event up to it has been applied or parked.
 */
export async function waitForCheckpoint(db: Knex, feed: EventFeed, name: string, position: string | null, timeoutMs = 30_000): Promise<GenerationRow> {
  return waitFor(
    `${name} to reach ${position}`,
    async () => {
      const gen = await liveGeneration(db, name);
      return gen && feed.comparePositions(gen.checkpoint, position) >= 0 ? gen : null;
    },
    timeoutMs,
  );
}

/** The parked events of a projection's live generation (or of the given one), oldest first. */
export async function parkedRows(db: Knex, name: string, generation?: number): Promise<ParkedEventRow[]> {
  const gen = generation ?? (await liveGeneration(db, name))?.generation;
  if (gen === undefined) return [];
  return db<ParkedEventRow>('projection_parked_events').where({ name, generation: gen }).orderBy('id');
}

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/** The real projections command line, the way `npm run projections` starts it, on the test database. */
export function projectionsCli(...args: string[]): Promise<CliResult> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['scripts/node24.sh', 'node', '-r', './scripts/register.js', 'apps/worker/src/projections.cli.ts', ...args], {
      cwd: path.resolve(__dirname, '../..'),
      env: { ...process.env, DATABASE_URL: databaseUrl() },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: Date.now() - started }));
  });
}
