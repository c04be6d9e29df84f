import type { Knex } from 'knex';
import type { Pool } from 'pg';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import type { BenchApi } from './bench-api';
import type { keepAliveClient } from './keep-alive-client';
import { bookingBody, idempotencyKey, type BenchBookable } from './booking-setup';
import { now, percentile, round } from './support';

export const PROFILE_BOOKINGS = 60;

/**
 * One agent books PROFILE_BOOKINGS times over distinct departures, one after another, with the app's event store and
 * database instrumented: per booking, the stream reads and appends and their time, the SQL statements the API sent,
 * the transactions Postgres committed (the projections' included) and this process's CPU time (API and projections).
 */
export async function profileBookings(
  api: BenchApi,
  pool: Pool,
  s: BenchBookable,
  client: ReturnType<typeof keepAliveClient>,
  where: (i: number) => { slotId: number; date: string },
  nextSerial: () => number,
): Promise<Record<string, unknown>> {
  const store = api.app.get<EventStore>(EVENT_STORE);
  const db = api.app.get<Knex>(KNEX);
  const counts = { readStream: 0, readStreamMs: 0, readStreamEvents: 0, appendToStream: 0, appendMs: 0, sql: 0 };
  const readStream = store.readStream.bind(store);
  const appendToStream = store.appendToStream.bind(store);
  store.readStream = async (stream) => {
    const t = now();
    const events = await readStream(stream);
    counts.readStream++;
    counts.readStreamMs += now() - t;
    counts.readStreamEvents += events.length;
    return events;
  };
  store.appendToStream = async (...args) => {
    const t = now();
    try {
      return await appendToStream(...args);
    } finally {
      counts.appendToStream++;
      counts.appendMs += now() - t;
    }
  };
  const statements = new Map<string, number>();
  const onQuery = (q: { sql?: string }) => {
    counts.sql++;
    const key = (q.sql ?? '').replace(/\s+/g, ' ').slice(0, 90);
    statements.set(key, (statements.get(key) ?? 0) + 1);
  };
  db.on('query', onQuery);
  const xacts = async () => Number((await pool.query<{ n: string }>('SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]!.n);
  try {
    const x0 = await xacts();
    const cpu0 = process.cpuUsage();
    const latencies: number[] = [];
    for (let i = 0; i < PROFILE_BOOKINGS; i++) {
      const { slotId, date } = where(i);
      const t = now();
      const res = await client.send('POST', '/api/agent/bookings', { authorization: s.agents[0]!.authorization, ...idempotencyKey() }, bookingBody(s, slotId, date, nextSerial()));
      latencies.push(now() - t);
      if (res.status !== 200) throw new Error(`booking answered ${res.status}: ${res.body.slice(0, 300)}`);
    }
    // The projections finish the last bookings' events.
    await new Promise((r) => setTimeout(r, 500));
    const cpu = process.cpuUsage(cpu0);
    const x1 = await xacts();
    const per = (x: number) => round(x / PROFILE_BOOKINGS, 2);
    return {
      bookings: PROFILE_BOOKINGS,
      roundTripMs: { p50: round(percentile(latencies, 50), 1), p95: round(percentile(latencies, 95), 1) },
      perBooking: {
        readStream: per(counts.readStream),
        readStreamMs: per(counts.readStreamMs),
        eventsRead: per(counts.readStreamEvents),
        appendToStream: per(counts.appendToStream),
        appendMs: per(counts.appendMs),
        knexStatements: per(counts.sql),
        committedTransactions: per(x1 - x0 - 2),
        nodeCpuMs: per((cpu.user + cpu.system) / 1000),
      },
      topStatements: [...statements].sort((a, b) => b[1] - a[1]).slice(0, 15).map(([sql, n]) => ({ sql, perBooking: per(n) })),
    };
  } finally {
    db.off('query', onQuery);
    store.readStream = readStream;
    store.appendToStream = appendToStream;
  }
}

