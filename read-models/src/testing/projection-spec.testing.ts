import { randomInt } from 'node:crypto';
import knex, { type Knex } from 'knex';
import type { RecordedEvent } from '@tbo/event-schemas';
import type { Projection, ProjectionContext } from '../runner/projection';
import { createGenerationTables, tableResolver } from '../runner/projection-tables';

/**
 * given(events).when(event).then(rows) for a projection, against real Postgres.
 *
 * A spec file holds one transaction that is never committed: the runner's own
 * createGenerationTables builds the projection's tables in it once, for a generation no runner
 * uses, and each scenario runs in a savepoint rolled back at its end, so every scenario starts
 * from empty tables and specs never meet each other or the live projections of other tests.
 * Each batch is applied in a savepoint of its own (the runner gives each batch its own
 * transaction) the way the runner's applyNextBatch calls a projection; the rows are read back
 * ordered by primary key. The runner's own bookkeeping (checkpoints, parked events) is not a
 * projection's concern and has its tests in test/projections.
 */

export type Row = Record<string, unknown>;
/** Logical table name → its rows, ordered by primary key. */
export type Tables = Record<string, Row[]>;

/** A date column's value as pg reads it back: the local midnight of the day (YYYY-MM-DD). */
export function dateColumn(iso: string): Date {
  return new Date(Number(iso.slice(0, 4)), Number(iso.slice(5, 7)) - 1, Number(iso.slice(8, 10)));
}

export interface ReplayOptions {
  /** Columns that take a new value on every apply by design (e.g. an applied-at time). */
  volatile?: readonly string[];
}

export interface Then {
  /** Each table named equals its rows (toEqual, so asymmetric matchers are fine); others are not checked. */
  then(expected: Tables): Promise<void>;
  /** Every table of the projection. */
  tables(): Promise<Tables>;
}

export interface When extends Then {
  /** The tables after the given events and after the when events, from one scenario. */
  beforeAndAfter(): Promise<{ before: Tables; after: Tables }>;
  /**
   * Replaying the same events twice: the rows after the second time equal the rows after the
   * first. Fails too when the events changed nothing at all, which would make the check vacuous.
   */
  thenReplayChangesNothing(options?: ReplayOptions): Promise<void>;
}

export interface Given extends Then {
  /** Applied as one batch after the given events. */
  when(...events: RecordedEvent[]): When;
}

export interface ProjectionSpec {
  /** Applied as one batch, as a runner catching up would. */
  given(...events: RecordedEvent[]): Given;
}

/** A case of replayingTwice(): the event's type (names the test), the events before it, the event replayed. */
export type ReplayCase = readonly [type: string, history: readonly RecordedEvent[], event: RecordedEvent];

/**
 * The idempotence check every projection spec makes, one test per event type: applying the event after its history
 * a second time changes nothing the first time did not (thenReplayChangesNothing). Its own describe, `title` or
 * 'replaying the same event twice'.
 */
export function replayingTwice(spec: ProjectionSpec, cases: readonly ReplayCase[], options: ReplayOptions & { title?: string } = {}): void {
  const { title = 'replaying the same event twice', ...replay } = options;
  describe(title, () => itReplaysTwice(spec, cases, replay));
}

/** replayingTwice()'s tests, in the calling describe (one that has more replay tests of its own). */
export function itReplaysTwice(spec: ProjectionSpec, cases: readonly ReplayCase[], options: ReplayOptions = {}): void {
  it.each(cases)('%s changes nothing the first time did not', (_type, history, event) => spec.given(...history).when(event).thenReplayChangesNothing(options));
}

/**
 * One database connection for the calling spec file, closed after its tests (so call it at the
 * top of the file or of a describe). Scenarios share it, so run them one at a time (await each).
 */
export function projectionSpec(projection: Projection): ProjectionSpec {
  // Far above the generations runners count up from 1: the tables stay uncommitted for the whole
  // file, and a runner creating the same name would wait for them.
  const generation = randomInt(1_000_000, 2_000_000_000);
  const table = tableResolver(projection, generation);
  let db: Knex | null = null;
  let withTables: Promise<Knex.Transaction> | null = null;
  afterAll(async () => {
    const trx = await withTables?.catch(() => null);
    await trx?.rollback();
    await db?.destroy();
  });
  const tablesReady = () =>
    (withTables ??= (async () => {
      const trx = await (db ??= openDatabase()).transaction();
      await createGenerationTables(trx, projection, generation);
      return trx;
    })());
  const primaryKeys = new Map<string, string[]>();

  async function snapshot(trx: Knex.Transaction): Promise<Tables> {
    const tables: Tables = {};
    for (const name of Object.keys(projection.tables)) {
      const physical = table(name);
      if (!primaryKeys.has(name)) primaryKeys.set(name, await primaryKeyOf(trx, physical));
      tables[name] = await trx(physical).select('*').orderBy(primaryKeys.get(name)!);
    }
    return tables;
  }

  /** The tables after each batch. */
  async function scenario(batches: RecordedEvent[][]): Promise<Tables[]> {
    for (const e of batches.flat()) {
      if (!projection.handles.includes(e.type)) throw new Error(`Projection ${projection.name} does not handle ${e.type}: the runner would never deliver it`);
    }
    const trx = await (await tablesReady()).transaction();
    try {
      const after: Tables[] = [];
      for (const [i, events] of batches.entries()) {
        // A row's time of change is read back to the millisecond: batches a millisecond apart can tell it moved.
        if (i > 0) await new Promise((r) => setTimeout(r, 2));
        if (events.length) await trx.transaction((batch) => applyAsTheRunnerDoes({ trx: batch, table }, events));
        after.push(await snapshot(trx));
      }
      return after;
    } finally {
      await trx.rollback();
    }
  }

  async function applyAsTheRunnerDoes(ctx: ProjectionContext, events: RecordedEvent[]): Promise<void> {
    if (projection.applyBatch) await projection.applyBatch(ctx, events);
    else for (const e of events) await projection.apply(ctx, e);
  }

  const then = (batches: RecordedEvent[][]): Then => ({
    async then(expected) {
      const actual = (await scenario(batches)).at(-1)!;
      for (const [name, rows] of Object.entries(expected)) {
        table(name); // an unknown table name is a typo in the spec, not an empty table
        expect({ [name]: actual[name] }).toEqual({ [name]: rows });
      }
    },
    async tables() {
      return (await scenario(batches)).at(-1)!;
    },
  });

  return {
    given(...history) {
      return {
        ...then([history]),
        when(...events) {
          return {
            ...then([history, events]),
            async beforeAndAfter() {
              const [before, after] = await scenario([history, events]);
              return { before: before!, after: after! };
            },
            async thenReplayChangesNothing(options = {}) {
              const [before, once, twice] = (await scenario([history, events, events])).map((t) => withoutColumns(t, options.volatile ?? []));
              expect(once).not.toEqual(before);
              expect(twice).toEqual(once);
            },
          };
        },
      };
    },
  };
}

function openDatabase(): Knex {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: run projection specs through jest (test/support/global-setup.ts)');
  return knex({ client: 'pg', connection: { connectionString: url, application_name: 'projection-spec' }, pool: { min: 0, max: 1 } });
}

async function primaryKeyOf(trx: Knex.Transaction, physical: string): Promise<string[]> {
  const { rows } = await trx.raw<{ rows: { column: string }[] }>(
    `SELECT a.attname AS column
       FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey)
      WHERE i.indrelid = ?::regclass AND i.indisprimary
      ORDER BY array_position(i.indkey::int2[], a.attnum)`,
    [physical],
  );
  if (!rows.length) throw new Error(`${physical} has no primary key to order its rows by`);
  return rows.map((r) => r.column);
}

function withoutColumns(tables: Tables, columns: readonly string[]): Tables {
  if (!columns.length) return tables;
  return Object.fromEntries(
    Object.entries(tables).map(([name, rows]) => [name, rows.map((row) => Object.fromEntries(Object.entries(row).filter(([c]) => !columns.includes(c))))]),
  );
}
