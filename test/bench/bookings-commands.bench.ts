/**
 * Issue 13 (a) and (b): booking commands through the in-process API (POST /api/agent/bookings over HTTP, each with an
 * Idempotency-Key as the add-booking form sends one; seats taken on the departure's stream, queued per departure,
 * then BookingCreated on the booking's own stream).
 *
 * The API (apps/api's main, API_RUNS_PROJECTIONS=0) and the projections (projections.child.ts) run in processes of
 * their own, as a deployment runs the API and the worker; this process sends the requests and runs the baseline.
 *
 * (a) 16 agents, each on a keep-alive connection of its own, book one adult at a time over 200 slot-dates (10
 *     independent slots × 20 dates), against single-event appends through PostgresEventStore from 16 writers to
 *     distinct streams (appends.bench.ts's baseline side), rounds interleaved.
 *     Beside them, in the same rounds, the ceiling for any HTTP command making a booking's two appends:
 *     bare-command.child.ts, a plain HTTP server that only appends (one, or two, events per request).
 * (b) The hot slot: 100 requests at once (100 connections) for a departure with 20 seats, until every one has
 *     answered (exactly 20 must be taken, the rest refused 'No places left'), against 100 requests at once spread over
 *     100 departures with ample seats; and 16 agents booking one slot-date with ample seats (a fresh date each round),
 *     against (a) in the same round.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { createKnex, PostgresEventStore, type ExpectedRevision } from '@tbo/kernel';
import { allProjections, waitForProjection } from '@tbo/read-models';
import { addDays } from '@tbo/scheduling';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { startBenchApi } from './bench-api';
import { startApiProcess, startBareCommandProcess, startProjectionsProcess, type BenchProcess } from './bench-processes';
import { PROFILE_BOOKINGS, profileBookings } from './booking-profile';
import { cpuPerUnit, cpuSnapshot } from './cpu-use';
import { answerTo, keepAliveClient, type Answer } from './keep-alive-client';
import { benchBookable, bookingBody, idempotencyKey } from './booking-setup';
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
const SETTLE_TIMEOUT_MS = 120_000;
const BARE_ONE = 'bare HTTP, 1 append';
const BARE_TWO = 'bare HTTP, 2 appends';

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
  const queuePrefix = `tbo-bench-bookings-${randomBytes(4).toString('hex')}`;
  const api = await startBenchApi(queuePrefix);
  // As deployed (the default): the API and the projections in processes of their own, this one only sends the
  // requests and runs the baseline. --bookings-in-process: all three in this process, with a profile of a booking.
  const inProcess = ctx.flags.has('bookings-in-process');
  const processes: BenchProcess[] = [];
  let apiOpen = true;
  const closeApi = async () => {
    if (apiOpen) await api.close();
    apiOpen = false;
  };
  const pool = benchPool(ctx.databaseUrl, AGENTS + 4);
  const store = new PostgresEventStore(pool, benchRegistry(), ctx.databaseUrl, (err) => ctx.log(`store background error: ${(err as Error).message}`));
  const watcher = createKnex(ctx.databaseUrl, { poolMax: 2, applicationName: 'tbo-bench-settle' });
  const clients: ReturnType<typeof keepAliveClient>[] = [];
  const bareClients: ReturnType<typeof keepAliveClient>[] = [];
  /**
   * Until every projection has applied everything appended so far: each side starts on a quiet store, so no side
   * pays for the read models the one before it left to write. Answers the seconds it took.
   */
  const settle = async (): Promise<number> => {
    const t = now();
    const head = await store.headPosition();
    if (head === null) return 0;
    const done = await Promise.all(allProjections.map((p) => waitForProjection(watcher, store, p.name, head, SETTLE_TIMEOUT_MS)));
    if (done.includes(false)) throw new Error(`projections did not catch up within ${SETTLE_TIMEOUT_MS} ms`);
    return (now() - t) / 1000;
  };
  /**
   * Transaction ids Postgres has handed out so far (server-wide; every write transaction takes one, this call too):
   * exact at once, where pg_stat_database's commit count lags by up to a second.
   */
  const writeTransactions = async () => Number((await pool.query<{ n: string }>('SELECT txid_current()::text AS n')).rows[0]!.n);
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
    let port = s.port;
    const children: Record<string, number> = {};
    if (!inProcess) {
      await closeApi();
      const projections = await startProjectionsProcess(ctx.databaseUrl, ctx.log);
      processes.push(projections);
      const child = await startApiProcess(ctx.databaseUrl, queuePrefix, ctx.log);
      processes.push(child);
      port = child.port;
      Object.assign(children, { api: child.pid, projections: projections.pid });
      ctx.log('the API and the projections run in processes of their own');
    }
    const bareProcess = await startBareCommandProcess(ctx.databaseUrl, ctx.log);
    processes.push(bareProcess);
    children.bare = bareProcess.pid;
    for (const _ of s.agents) clients.push(keepAliveClient(port));
    for (const _ of s.agents) bareClients.push(keepAliveClient(bareProcess.port));
    const spreadSlots = s.groups[0]!.slotIds;
    const hotSlot = s.groups[1]!.slotIds[0]!;
    const busySlot = s.groups[2]!.slotIds[0]!;
    const spreadDeparture = (k: number) => ({ slotId: spreadSlots[k % SPREAD_SLOTS]!, date: addDays(s.firstDate, Math.floor(k / SPREAD_SLOTS) % SPREAD_DATES) });

    /** About `total` steps from 16 writers at once, each taking its next step (w, i) when the last is done. */
    const timed = async (total: number, step: (w: number, i: number) => Promise<void>): Promise<Rate> => {
      const per = Math.ceil(total / AGENTS);
      const start = now();
      await Promise.all(
        Array.from({ length: AGENTS }, async (_, w) => {
          for (let i = 0; i < per; i++) await step(w, i);
        }),
      );
      const seconds = (now() - start) / 1000;
      return { n: per * AGENTS, seconds, perSecond: (per * AGENTS) / seconds };
    };

    let serial = 0;
    /** `total` bookings from the 16 agents, each sending its next when the last has answered. */
    const book = (total: number, where: (w: number, i: number) => { slotId: number; date: string }): Promise<Rate> =>
      timed(total, async (w, i) => {
        const { slotId, date } = where(w, i);
        const res = await clients[w]!.send('POST', '/api/agent/bookings', { authorization: s.agents[w]!.authorization, ...idempotencyKey() }, bookingBody(s, slotId, date, serial++));
        if (res.status !== 200) throw new Error(`booking answered ${res.status}: ${res.body.slice(0, 300)}`);
      });
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
    const appends = (events: number): Promise<Rate> => {
      const runTag = `r${tag++}`;
      const revisions = new Array<number | null>(AGENTS).fill(null);
      return timed(events, async (w, i) => {
        const expectedRevision: ExpectedRevision = i % EVENTS_PER_STREAM === 0 ? 'no_stream' : revisions[w]!;
        const res = await store.appendToStream(`bench-${runTag}w${w}s${Math.floor(i / EVENTS_PER_STREAM)}`, [{ type: BENCH_ITEM_RECORDED, data: benchItem(i) }], { expectedRevision, metadata: benchMetadata() });
        revisions[w] = res.nextExpectedRevision;
      });
    };

    /** The ceiling: `total` bare HTTP commands from 16 clients, each making `appends` single-event appends. */
    const bare = (total: number, appends: number): Promise<Rate> => {
      const runTag = `b${tag++}`;
      return timed(total, async (w, i) => {
        const res = await bareClients[w]!.send('POST', '/', {}, { stream: `bare-${runTag}w${w}n${i}`, appends, i });
        if (res.status !== 200) throw new Error(`bare command answered ${res.status}: ${res.body.slice(0, 300)}`);
      });
    };

    // Warm up every path (JIT, plans, connections, the runners' batching) with a run of each side as long as a
    // measured one (shorter warm-ups left the first round's bookings at two thirds of the later rounds'), and size
    // the appends runs from their rate.
    await Promise.all(Array.from({ length: AGENTS + 4 }, () => pool.query('SELECT 1')));
    await appends(AGENTS * 50);
    await spread(perRound);
    await busy(perRound);
    await bare(perRound * 2, 1);
    await bare(perRound * 2, 2);
    const warm = await appends(AGENTS * 150);
    const appendEvents = Math.min(32_000, Math.max(4000, Math.ceil((warm.perSecond * APPENDS_TARGET_SECONDS) / 1000) * 1000));
    ctx.log(`warmed up; appends ${Math.round(warm.perSecond)}/s → ${appendEvents} per appends run; ${perRound} bookings per booking run`);

    // Rounds of appends (A), bookings over 200 slot-dates (S) and bookings on one slot-date (H), the order
    // reversed every other round so load drifting on this shared box hits all three alike.
    const runs: { round: number; side: string; n: number; seconds: number; perSecond: number; projectionsCaughtUpAfter: number; sustainedPerSecond: number; writeTransactionsEach: number; cpuMsEach: Record<string, number> }[] = [];
    const ratiosA: number[] = [];
    const ratiosB: number[] = [];
    const ratiosBare: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const sides: [string, () => Promise<Rate>][] = [
        ['appends', () => appends(appendEvents)],
        ['spread', () => spread(perRound)],
        ['one slot-date', () => busy(perRound)],
        [BARE_ONE, () => bare(perRound * 4, 1)],
        [BARE_TWO, () => bare(perRound * 4, 2)],
      ];
      if (r % 2 === 1) sides.reverse();
      const got = new Map<string, Rate>();
      for (const [side, go] of sides) {
        await settle();
        const x0 = await writeTransactions();
        const cpu0 = cpuSnapshot(children);
        const x = await go();
        const cpu = cpuPerUnit(cpu0, cpuSnapshot(children), x.n);
        // How long the read models took to show this side's last command: the sustained rate counts it in.
        const catchUp = side === 'appends' || side.startsWith('bare') ? 0 : await settle();
        const xacts = (await writeTransactions()) - x0 - 1;
        got.set(side, x);
        runs.push({ round: r + 1, side, n: x.n, seconds: round(x.seconds), perSecond: round(x.perSecond, 1), projectionsCaughtUpAfter: round(catchUp), sustainedPerSecond: round(x.n / (x.seconds + catchUp), 1), writeTransactionsEach: round(xacts / x.n, 1), cpuMsEach: cpu });
        ctx.log(`round ${r + 1} ${side}: ${x.n} in ${x.seconds.toFixed(2)} s = ${Math.round(x.perSecond)}/s${side === 'appends' ? '' : `; projections caught up ${catchUp.toFixed(2)} s later`}; ${(xacts / x.n).toFixed(1)} write transactions each; CPU ms each ${JSON.stringify(cpu)}`);
      }
      ratiosA.push(got.get('spread')!.perSecond / got.get('appends')!.perSecond);
      ratiosB.push(got.get('one slot-date')!.perSecond / got.get('spread')!.perSecond);
      ratiosBare.push(got.get(BARE_TWO)!.perSecond / got.get('appends')!.perSecond);
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
                  port,
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
        await settle();
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
        await settle();
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
    if (inProcess && (ctx.flags.has('profile') || median(ratiosA) < AIM_VS_APPENDS || median(ratiosB) < AIM_HOT_VS_SPREAD)) {
      const base = spreadOffset;
      spreadOffset += PROFILE_BOOKINGS;
      profile = await profileBookings(api, pool, s, clients[0]!, (i) => spreadDeparture(base + i), () => serial++);
      ctx.log(`profile of one booking: ${JSON.stringify(profile)}`);
    }

    const appendsRate = rateOf('appends');
    const spreadRate = rateOf('spread');
    const busyRate = rateOf('one slot-date');
    const bareOneRate = rateOf(BARE_ONE);
    const bareTwoRate = rateOf(BARE_TWO);
    const details = { agents: AGENTS, departures: SPREAD_SLOTS * SPREAD_DATES, bookingsPerRun: perRound, appendsPerRun: appendEvents, roundRatiosVsAppends: ratiosA.map((x) => round(x)), roundRatiosOneSlotDate: ratiosB.map((x) => round(x)), runs, profile };
    const where = inProcess ? 'in-process API on 127.0.0.1 (projections in-process)' : 'the API (apps/api main, API_RUNS_PROJECTIONS=0) and the projections each in a process of its own, as deployed, on 127.0.0.1';
    const method = `${where}, ${AGENTS} agents each on its own keep-alive connection sending POST /api/agent/bookings (1 adult, Idempotency-Key) one after another; ${ROUNDS} rounds of appends / bookings over ${SPREAD_SLOTS * SPREAD_DATES} slot-dates / bookings on one slot-date, order reversed every other round; ratio = median of per-round ratios`;
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
        // No aim: what (a) is up against. A booking is an HTTP command with at least these two appends (seats on the
        // departure's stream, then the booking's own), so its ratio cannot pass this one's on this machine.
        name: 'bookings.bare_http_command_ceiling',
        value: round(bareTwoRate, 1),
        unit: 'commands/s',
        baseline: { name: `single-event appendToStream, ${AGENTS} writers, distinct streams (above)`, value: round(appendsRate, 1), unit: 'events/s' },
        ratio: round(median(ratiosBare)),
        aim: null,
        method: `bare-command.child.ts: a plain node:http server (no framework, sign-in, validation or read models) in a process of its own, making two single-event appends to new streams per POST; ${AGENTS} clients on keep-alive connections, same rounds as above. With one append per POST: ${round(bareOneRate, 1)}/s`,
        details: { roundRatiosTwoAppends: ratiosBare.map((x) => round(x)), oneAppendPerSecond: round(bareOneRate, 1) },
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
    for (const c of [...clients, ...bareClients]) c.close();
    await store.close();
    await pool.end().catch(() => undefined);
    await watcher.destroy();
    for (const p of processes.reverse()) await p.stop();
    await closeApi();
  }
}

registerBenchmark({ name: 'bookings-commands', description: 'booking commands/s over 200 slot-dates vs single-event appends; the hot slot', run });
