/**
 * Issue 13 (d): the bookings projection's catch-up. N BookingCreated events (the registered example, each under a
 * booking id, guest, voucher, date and counts of its own) are appended straight to the store, then
 * ProjectionRunner.catchUp() runs the real bookings projection (its table definition, its indexes, its applyBatch)
 * from checkpoint zero into a table of its own. Baseline: COPY FROM STDIN of the very rows it wrote (createdRow of
 * each recorded event) into a table of the same definition with the same indexes.
 *
 * The events go 1000 to a stream, not one stream per booking: the projection reads by type in global order, so the
 * stream layout changes nothing for it (only `version` takes the revision in the stream), and 50,000 single appends
 * would take most of the run here.
 */
import type { Knex } from 'knex';
import { bookingEventSchemas, createEventRegistry, type BookingCreatedData } from '@tbo/event-schemas';
import type { PostgresEventStore } from '@tbo/kernel';
import { bookingsProjection, ensureLiveGeneration, physicalTable, ProjectionRunner, type Projection, type RunnerLogger } from '@tbo/read-models';
import { createdRow } from '../../read-models/src/booking/bookings.projection';
import { addDays } from '@tbo/scheduling';
import { copyRows } from './copy-rows';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { benchMetadata, mapLimit, now, round, sizeFlag, waitUntilEventsVisible, withBenchStore } from './support';
import { secondsRounds, throughput } from './figures';

const DEFAULT_EVENTS = 50_000;
const EVENTS_PER_APPEND = 1000;
const ROUNDS = 3;
const quiet: RunnerLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
const GUESTS = ['Anna Smirnova', 'Oliver Brown', 'Fatima Al Mansouri', 'Hans Müller', 'Priya Sharma', 'Lucas Martin', 'Yuki Tanaka', 'Omar Haddad'];

const example = bookingEventSchemas.find((d) => d.type === 'BookingCreated')!.example as BookingCreatedData;

/** The i-th generated booking: the registered example under an id, agency, agent, date, counts and guest of its own. */
export function bookingData(i: number): BookingCreatedData {
  return {
    ...example,
    id: 100_000 + i,
    agencyId: 1 + (i % 40),
    agentId: 1000 + (i % 200),
    date: addDays('2026-01-01', i % 400),
    adults: 1 + (i % 4),
    children: i % 3,
    guestName: `${GUESTS[i % GUESTS.length]} ${i}`,
    roomNumber: String(100 + (i % 900)),
    phones: [`+9715012${String(i % 100000).padStart(5, '0')}`],
    voucher: `V-${100_000 + i}`,
    status: i % 10 === 0 ? 1 : 0,
  };
}

/** Appends `total` BookingCreated (bookingData(0..total-1)), 1000 to a stream, 4 appends at a time; answers the seconds taken. */
export async function appendBookingsCreated(store: PostgresEventStore, total: number): Promise<number> {
  const t0 = now();
  await mapLimit(
    Array.from({ length: Math.ceil(total / EVENTS_PER_APPEND) }, (_, s) => s),
    4,
    async (s) => {
      const first = s * EVENTS_PER_APPEND;
      const events = Array.from({ length: Math.min(EVENTS_PER_APPEND, total - first) }, (_, k) => ({ type: 'BookingCreated', data: bookingData(first + k) }));
      await store.appendToStream(`booking-bench${s}`, events, { expectedRevision: 'no_stream', metadata: benchMetadata() });
    },
  );
  return (now() - t0) / 1000;
}

/** The real projection under another name, its `bookings` table renamed: nothing else of it changes. */
function renamed(name: string): Projection {
  const rename = (table: (n: string) => string) => (n: string) => table(n === 'bookings' ? name : n);
  return {
    ...bookingsProjection,
    name,
    tables: { [name]: bookingsProjection.tables.bookings! },
    afterCreate: (trx, table) => bookingsProjection.afterCreate!(trx, rename(table)),
    apply: (ctx, event) => bookingsProjection.apply({ trx: ctx.trx, table: rename(ctx.table) }, event),
    applyBatch: (ctx, events) => bookingsProjection.applyBatch!({ trx: ctx.trx, table: rename(ctx.table) }, events),
  };
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const total = sizeFlag(ctx.flags, 'booking-events', DEFAULT_EVENTS);
  return withBenchStore(ctx.databaseUrl, createEventRegistry(), async ({ pool, knex, store }) => {
    const appendSeconds = await appendBookingsCreated(store, total);
    ctx.log(`appended ${total} BookingCreated in ${appendSeconds.toFixed(1)} s (${EVENTS_PER_APPEND} per append)`);
    await pool.query('VACUUM ANALYZE events');
    await waitUntilEventsVisible(pool);

    // The rows the projection writes, from the recorded events (recorded_at and revision included).
    const rows: Record<string, unknown>[] = [];
    for (let after: string | null = null; ; ) {
      const { events, next } = await store.readAll(after, 5000, { types: ['BookingCreated'] });
      for (const e of events) rows.push(createdRow(e as never));
      if (events.length < 5000) break;
      after = next;
    }
    if (rows.length !== total) throw new Error(`read back ${rows.length} events, expected ${total}`);
    const columns = Object.keys(rows[0]!);

    const copyOnce = async (r: number) => {
      const name = `bench_bookings_copy${r}`;
      await knex.transaction(async (trx) => {
        await trx.schema.createTable(name, bookingsProjection.tables.bookings!);
        await bookingsProjection.afterCreate!(trx, (n) => (n === 'bookings' ? name : n));
      });
      const seconds = await copyRows(pool, name, columns, rows);
      ctx.log(`COPY ${total} rows (same table and indexes): ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} rows/s`);
      return seconds;
    };
    const projectOnce = async (r: number) => {
      const projection = renamed(`bench_bookings_p${r}`);
      await ensureLiveGeneration(knex as Knex, projection);
      const runner = new ProjectionRunner(knex, store, projection, quiet);
      const t = now();
      await runner.catchUp(600_000);
      const seconds = (now() - t) / 1000;
      const count = await knex(physicalTable(projection.name, 1)).count<{ count: string }[]>('* as count');
      if (Number(count[0]!.count) !== total) throw new Error(`projection wrote ${count[0]!.count} rows, expected ${total}`);
      ctx.log(`bookings projection catch-up over ${total} events: ${seconds.toFixed(2)} s = ${Math.round(total / seconds)} rows/s`);
      return seconds;
    };
    const timed = await secondsRounds(ROUNDS, copyOnce, projectOnce);
    return [
      {
        ...throughput('bookings.projection_catch_up_rows_per_second', total, timed, 'COPY FROM STDIN of the same rows into the same table and indexes', 'rows/s'),
        aim: null,
        method: `ProjectionRunner.catchUp() (default batch size) of the bookings projection (its own table definition, indexes and applyBatch, under a bench table name) from checkpoint zero over ${total} BookingCreated vs COPY FROM STDIN (pg-copy-streams, text encoding included) of createdRow() of the same recorded events; ${ROUNDS} rounds (C P, P C, C P), ratio = median of per-round ratios`,
        details: { events: total, appendSeconds: round(appendSeconds, 2), copySeconds: timed.baseline.map((x) => round(x)), projectionSeconds: timed.measured.map((x) => round(x)), roundRatios: timed.ratios.map((x) => round(x)) },
      },
    ];
  });
}

registerBenchmark({ name: 'bookings-projection', description: 'bookings projection catch-up over 50k BookingCreated vs COPY of the same rows', run });
