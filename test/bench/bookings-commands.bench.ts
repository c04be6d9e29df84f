/**
 * Issue 13 (a) and (b): booking commands through the in-process API (POST /api/agent/bookings over HTTP, each with an
 * Idempotency-Key as the add-booking form sends one; seats taken on the departure's stream, queued per departure,
 * then BookingCreated on the booking's own stream).
 *
 * (a) 16 agents, each on a keep-alive connection of its own, book one adult at a time over 200 slot-dates (10
 *     independent slots × 20 dates), against single-event appends through PostgresEventStore from 16 writers to
 *     distinct streams (appends.bench.ts's baseline side), rounds interleaved.
 * (b) The hot slot: 100 requests at once (100 connections) for a departure with 20 seats, until every one has
 *     answered (exactly 20 must be taken, the rest refused 'No places left'), against 100 requests at once spread over
 *     100 departures with ample seats; and 16 agents booking one slot-date with ample seats (a fresh date each round),
 *     against (a) in the same round.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import type { Pool } from 'pg';
import { EVENT_STORE, KNEX, PostgresEventStore, type EventStore, type ExpectedRevision } from '@tbo/kernel';
import { addDays } from '@tbo/scheduling';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { startBenchApi, type BenchApi } from './bench-api';
import { answerTo, keepAliveClient, type Answer } from './keep-alive-client';
import { benchBookable, bookingBody, idempotencyKey, type BenchBookable } from './booking-setup';
import { BENCH_ITEM_RECORDED, benchItem, benchMetadata, benchPool, benchRegistry, now, percentile, round } from './support';

const AGENTS = 16;
const SPREAD_SLOTS = 10;
const SPREAD_DATES = 20;
const DEFAULT_PER_ROUND = 320;
const ROUNDS = 3;
const HOT_SEATS = 20;
const BURST = 100;
const BURSTS = 3;
/** Events per stream on the appends side, as appends.bench.ts. */
const EVENTS_PER_STREAM = 10;
const APPENDS_TARGET_SECONDS = 3;
const AIM_VS_APPENDS = 0.3;
const AIM_HOT_VS_SPREAD = 0.5;

interface Rate {
  n: number;
  seconds: number;
  perSecond: number;
}

const median = (xs: number[]) => percentile(xs, 50);

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const perRoundFlag = Number(ctx.flags.get('booking-commands'));
  const perRound = Number.isFinite(perRoundFlag) && perRoundFlag > 0 ? Math.ceil(perRoundFlag / AGENTS) * AGENTS : DEFAULT_PER_ROUND;
  const busyCapacity = Math.max(1000, perRound * 2);
  const api = await startBenchApi(`tbo-bench-bookings-${randomBytes(4).toString('hex')}`);
  const pool = benchPool(ctx.databaseUrl, AGENTS + 4);
  const store = new PostgresEventStore(pool, benchRegistry(), ctx.databaseUrl, (err) => ctx.log(`store background error: ${(err as Error).message}`));
  const clients: ReturnType<typeof keepAliveClient>[] = [];
  try {
    const t0 = now();
    const s = await benchBookable(
      api,
      [
        { name: 'Spread', capacity: 5000, independent: true, slots: SPREAD_SLOTS, slotCapacity: 5000 },
        { name: 'Hot', capacity: HOT_SEATS, independent: false, slots: 1 },
        { name: 'Busy', capacity: busyCapacity, independent: false, slots: 1 },
      ],
      AGENTS,
    );
    ctx.log(`set up supplier, tour, offer, ${SPREAD_SLOTS + 2} slots and ${AGENTS} agents in ${round((now() - t0) / 1000, 1)} s`);
    for (const _ of s.agents) clients.push(keepAliveClient(s.port));
    const spreadSlots = s.groups[0]!.slotIds;
    const hotSlot = s.groups[1]!.slotIds[0]!;
    const busySlot = s.groups[2]!.slotIds[0]!;
    const spreadDeparture = (k: number) => ({ slotId: spreadSlots[k % SPREAD_SLOTS]!, date: addDays(s.firstDate, Math.floor(k / SPREAD_SLOTS) % SPREAD_DATES) });

    let serial = 0;
    /** `total` bookings from the 16 agents, each sending its next when the last has answered. */
    const book = async (total: number, where: (w: number, i: number) => { slotId: number; date: string }): Promise<Rate> => {
      const per = Math.ceil(total / AGENTS);
      const start = now();
      await Promise.all(
        s.agents.map(async (agent, w) => {
          for (let i = 0; i < per; i++) {
            const { slotId, date } = where(w, i);
            const res = await clients[w]!.send('POST', '/api/agent/bookings', { authorization: agent.authorization, ...idempotencyKey() }, bookingBody(s, slotId, date, serial++));
            if (res.status !== 200) throw new Error(`booking answered ${res.status}: ${res.body.slice(0, 300)}`);
          }
        }),
      );
      const seconds = (now() - start) / 1000;
      return { n: per * AGENTS, seconds, perSecond: (per * AGENTS) / seconds };
    };
    let spreadOffset = 0;
    const spread = (total: number) => {
      const base = spreadOffset;
      spreadOffset += total;
      // At any moment the 16 agents are on 16 different departures.
      return book(total, (w, i) => spreadDeparture(base + i * AGENTS + w));
    };
    let busyDay = 0;
    const busy = (total: number) => {
      const date = addDays(s.firstDate, busyDay++);
      return book(total, () => ({ slotId: busySlot, date }));
    };

    let tag = 0;
    const appends = async (events: number): Promise<Rate> => {
      const runTag = `r${tag++}`;
      const per = Math.ceil(events / AGENTS);
      const revisions = new Array<number | null>(AGENTS).fill(null);
      const start = now();
      await Promise.all(
        Array.from({ length: AGENTS }, async (_, w) => {
          for (let i = 0; i < per; i++) {
            const k = i % EVENTS_PER_STREAM;
            const expectedRevision: ExpectedRevision = k === 0 ? 'no_stream' : revisions[w]!;
            const res = await store.appendToStream(`bench-${runTag}w${w}s${Math.floor(i / EVENTS_PER_STREAM)}`, [{ type: BENCH_ITEM_RECORDED, data: benchItem(i) }], { expectedRevision, metadata: benchMetadata() });
            revisions[w] = res.nextExpectedRevision;
          }
        }),
      );
      const seconds = (now() - start) / 1000;
      return { n: per * AGENTS, seconds, perSecond: (per * AGENTS) / seconds };
    };

    // Warm up every path (JIT, plans, connections, the runners' batching) with a run of each side as long as a
    // measured one (shorter warm-ups left the first round's bookings at two thirds of the later rounds'), and size
    // the appends runs from their rate.
    await Promise.all(Array.from({ length: AGENTS + 4 }, () => pool.query('SELECT 1')));
    await appends(AGENTS * 50);
    await spread(perRound);
    await busy(perRound);
    const warm = await appends(AGENTS * 150);
    const appendEvents = Math.min(32_000, Math.max(4000, Math.ceil((warm.perSecond * APPENDS_TARGET_SECONDS) / 1000) * 1000));
    ctx.log(`warmed up; appends ${Math.round(warm.perSecond)}/s → ${appendEvents} per appends run; ${perRound} bookings per booking run`);

    // Rounds of appends (A), bookings over 200 slot-dates (S) and bookings on one slot-date (H), the order
    // reversed every other round so load drifting on this shared box hits all three alike.
    const runs: { round: number; side: string; n: number; seconds: number; perSecond: number }[] = [];
    const ratiosA: number[] = [];
    const ratiosB: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const sides: [string, () => Promise<Rate>][] = [
        ['appends', () => appends(appendEvents)],
        ['spread', () => spread(perRound)],
        ['one slot-date', () => busy(perRound)],
      ];
      if (r % 2 === 1) sides.reverse();
      const got = new Map<string, Rate>();
      for (const [side, go] of sides) {
        const x = await go();
        got.set(side, x);
        runs.push({ round: r + 1, side, n: x.n, seconds: round(x.seconds), perSecond: round(x.perSecond, 1) });
        ctx.log(`round ${r + 1} ${side}: ${x.n} in ${x.seconds.toFixed(2)} s = ${Math.round(x.perSecond)}/s`);
      }
      ratiosA.push(got.get('spread')!.perSecond / got.get('appends')!.perSecond);
      ratiosB.push(got.get('one slot-date')!.perSecond / got.get('spread')!.perSecond);
    }
    const rateOf = (side: string) => median(runs.filter((x) => x.side === side).map((x) => x.perSecond));

    // The bursts: 100 requests at once, each on a connection of its own.
    const burst = async (where: (k: number) => { slotId: number; date: string }) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: BURST });
      try {
        const start = now();
        const answers = await Promise.all(
          Array.from({ length: BURST }, (_, k) => {
            const { slotId, date } = where(k);
            const payload = JSON.stringify(bookingBody(s, slotId, date, serial++));
            return new Promise<Answer>((resolve, reject) => {
              const req = http.request(
                {
                  host: '127.0.0.1',
                  port: s.port,
                  method: 'POST',
                  path: '/api/agent/bookings',
                  agent,
                  headers: { authorization: s.agents[k % AGENTS]!.authorization, ...idempotencyKey(), 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
                },
                answerTo(resolve, reject),
              );
              req.on('error', reject);
              req.end(payload);
            });
          }),
        );
        return { ms: now() - start, answers };
      } finally {
        agent.destroy();
      }
    };
    const hotMs: number[] = [];
    const spreadBurstMs: number[] = [];
    const hotOutcomes: { taken: number; refused: Record<string, number> }[] = [];
    for (let b = 0; b < BURSTS; b++) {
      const hot = async () => {
        const date = addDays(s.firstDate, b);
        const { ms, answers } = await burst(() => ({ slotId: hotSlot, date }));
        const taken = answers.filter((a) => a.status === 200).length;
        const refused: Record<string, number> = {};
        for (const a of answers.filter((x) => x.status !== 200)) {
          const why = `${a.status} ${(JSON.parse(a.body) as { ErrorMessage?: string }).ErrorMessage ?? ''}`;
          refused[why] = (refused[why] ?? 0) + 1;
        }
        if (taken !== HOT_SEATS || refused['400 No places left'] !== BURST - HOT_SEATS) {
          throw new Error(`hot slot ${date}: ${taken} taken (expected ${HOT_SEATS}), refusals ${JSON.stringify(refused)}`);
        }
        hotMs.push(ms);
        hotOutcomes.push({ taken, refused });
        ctx.log(`burst ${b + 1} hot slot: ${BURST} requests for ${HOT_SEATS} seats answered in ${Math.round(ms)} ms, ${taken} taken`);
      };
      const wide = async () => {
        const base = spreadOffset;
        spreadOffset += BURST;
        const { ms, answers } = await burst((k) => spreadDeparture(base + k));
        const failed = answers.filter((a) => a.status !== 200);
        if (failed.length) throw new Error(`spread burst: ${failed.length} refused, e.g. ${failed[0]!.status} ${failed[0]!.body.slice(0, 200)}`);
        spreadBurstMs.push(ms);
        ctx.log(`burst ${b + 1} spread: ${BURST} requests over ${BURST} departures answered in ${Math.round(ms)} ms`);
      };
      if (b % 2 === 0) {
        await wide();
        await hot();
      } else {
        await hot();
        await wide();
      }
    }

    // Where a booking's time goes, when an aim is missed or --profile asks.
    let profile: Record<string, unknown> | null = null;
    if (ctx.flags.has('profile') || median(ratiosA) < AIM_VS_APPENDS || median(ratiosB) < AIM_HOT_VS_SPREAD) {
      const base = spreadOffset;
      spreadOffset += PROFILE_BOOKINGS;
      profile = await profileBookings(api, pool, s, clients[0]!, (i) => spreadDeparture(base + i), () => serial++);
      ctx.log(`profile of one booking: ${JSON.stringify(profile)}`);
    }

    const appendsRate = rateOf('appends');
    const spreadRate = rateOf('spread');
    const busyRate = rateOf('one slot-date');
    const details = { agents: AGENTS, departures: SPREAD_SLOTS * SPREAD_DATES, bookingsPerRun: perRound, appendsPerRun: appendEvents, roundRatiosVsAppends: ratiosA.map((x) => round(x)), roundRatiosOneSlotDate: ratiosB.map((x) => round(x)), runs, profile };
    const method = `in-process API on 127.0.0.1 (projections in-process), ${AGENTS} agents each on its own keep-alive connection sending POST /api/agent/bookings (1 adult, Idempotency-Key) one after another; ${ROUNDS} rounds of appends / bookings over ${SPREAD_SLOTS * SPREAD_DATES} slot-dates / bookings on one slot-date, order reversed every other round; ratio = median of per-round ratios`;
    return [
      {
        name: 'bookings.commands_per_second',
        value: round(spreadRate, 1),
        unit: 'bookings/s',
        baseline: { name: `single-event appendToStream, ${AGENTS} writers, distinct streams`, value: round(appendsRate, 1), unit: 'events/s' },
        ratio: round(median(ratiosA)),
        aim: { metric: 'ratio', op: '>=', value: AIM_VS_APPENDS },
        method,
        details,
      },
      {
        name: 'bookings.one_slot_date_commands_per_second',
        value: round(busyRate, 1),
        unit: 'bookings/s',
        baseline: { name: `bookings over ${SPREAD_SLOTS * SPREAD_DATES} slot-dates (above)`, value: round(spreadRate, 1), unit: 'bookings/s' },
        ratio: round(median(ratiosB)),
        aim: { metric: 'ratio', op: '>=', value: AIM_HOT_VS_SPREAD },
        method: `${AGENTS} agents book one slot-date with ${busyCapacity} seats (a fresh date each round, so its stream grows to ${perRound} takes), same rounds as above`,
      },
      {
        name: 'bookings.hot_slot_100_requests_20_seats',
        value: round(median(hotMs), 1),
        unit: 'ms',
        baseline: { name: `${BURST} requests at once over ${BURST} departures with ample seats`, value: round(median(spreadBurstMs), 1), unit: 'ms' },
        ratio: round(median(hotMs) / median(spreadBurstMs)),
        aim: null,
        method: `${BURST} POST /api/agent/bookings at once (${BURST} connections) for a departure with ${HOT_SEATS} seats, until every one has answered; checked: exactly ${HOT_SEATS} taken, ${BURST - HOT_SEATS} refused 'No places left'; ${BURSTS} bursts (fresh dates) interleaved with the spread bursts; medians`,
        details: { hotMs: hotMs.map((x) => round(x, 1)), spreadMs: spreadBurstMs.map((x) => round(x, 1)), hotOutcomes },
      },
    ];
  } finally {
    for (const c of clients) c.close();
    await store.close();
    await pool.end().catch(() => undefined);
    await api.close();
  }
}

const PROFILE_BOOKINGS = 60;

/**
 * One agent books PROFILE_BOOKINGS times over distinct departures, one after another, with the app's event store and
 * database instrumented: per booking, the stream reads and appends and their time, the SQL statements the API sent,
 * the transactions Postgres committed (the projections' included) and this process's CPU time (API and projections).
 */
async function profileBookings(
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

registerBenchmark({ name: 'bookings-commands', description: 'booking commands/s over 200 slot-dates vs single-event appends; the hot slot', run });
