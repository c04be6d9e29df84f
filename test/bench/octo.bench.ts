/**
 * Issue 16: the OCTO supplier API through the in-process API, on one tour whose offer sells ten independent slots
 * (start times 06:00 to 15:00) every day.
 *
 * (a) Availability of that product over 30 days, p95: POST /octo/availability/calendar (one object a day, from the
 *     availability read table) and POST /octo/availability (every start time with its vacancies, from the 300
 *     departures' streams), against the back office's availability chart of the same 30 days
 *     (GET /api/availability?days=30), samples interleaved.
 * (b) 16 resellers (16 agencies, each with its own key and keep-alive connection), each reserving one adult and
 *     confirming it, one pair after another, over 200 slot-dates, against 16 agents booking one adult at a time over
 *     the same kind of departures (POST /api/agent/bookings, as bookings-commands.bench.ts measures them); rounds
 *     alternate which side goes first.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { CommandBus } from '@nestjs/cqrs';
import { SignContractCommand } from '@tbo/booking';
import { IssueResellerKeyCommand, type IssuedResellerKey } from '@tbo/connectivity';
import { RegisterAgencyCommand, type RegisteredTenant } from '@tbo/identity';
import { systemContext } from '@tbo/kernel';
import { waitForProjection } from '@tbo/read-models';
import { addDays } from '@tbo/scheduling';
import { startBenchApi } from './bench-api';
import { benchBookable, bookingBody, idempotencyKey, type BenchBookable } from './booking-setup';
import { keepAliveClient, type Answer } from './keep-alive-client';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { alternatingRounds, latencySummary, now, percentile, round, sizeFlag } from './support';
import { compared } from './figures';

const RESELLERS = 16;
const SLOTS = 10;
const SPREAD_DATES = 20;
const DAYS = 30;
const SAMPLES = 40;
const WARM_UP = 5;
const ROUNDS = 3;
const DEFAULT_PER_ROUND = 160;
/** A pair is two requests and five appends (hold, reservation; seats taken from the hold, booking, confirmation) to a booking's two. */
const AIM_PAIRS_VS_BOOKINGS = 0.3;
/**
 * A calendar is one screen's read, as the chart is (availability.bench.ts aims its p95 under 100 ms); the check reads
 * the 300 departures' streams, so it is given a quarter of a second.
 */
const AIM_CALENDAR_P95_MS = 100;
const AIM_CHECK_P95_MS = 250;

const json = <T>(res: Answer, what: string): T => {
  if (res.status !== 200) throw new Error(`${what} answered ${res.status}: ${res.body.slice(0, 300)}`);
  return JSON.parse(res.body) as T;
};

interface Reseller {
  authorization: string;
  client: ReturnType<typeof keepAliveClient>;
}

/** 16 agencies the bench supplier contracts, each with a key of its own (the read table has them before the first call). */
async function resellers(api: Awaited<ReturnType<typeof startBenchApi>>, s: BenchBookable): Promise<Reseller[]> {
  const commands = api.app.get(CommandBus);
  const context = systemContext('bench');
  const out: Reseller[] = [];
  let position: string | null = null;
  for (let i = 0; i < RESELLERS; i++) {
    const agency: RegisteredTenant = await commands.execute(new RegisterAgencyCommand({ name: `Bench Reseller ${i + 1} ${randomBytes(2).toString('hex')}` }, context));
    // A contract names an agency its read table knows.
    if (agency.position) await waitForProjection(api.db, api.store, 'contracts', agency.position, 60_000);
    await commands.execute(new SignContractCommand(s.supplierId, agency.id, 20, context));
    const issued: IssuedResellerKey = await commands.execute(new IssueResellerKeyCommand(s.supplierId, agency.id, `Bench key ${i + 1}`, context));
    position = issued.position ?? position;
    out.push({ authorization: `Bearer ${issued.key}`, client: keepAliveClient(s.port) });
  }
  if (position) await waitForProjection(api.db, api.store, 'reseller_keys', position, 60_000);
  return out;
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const perRound = Math.ceil(sizeFlag(ctx.flags, 'octo-pairs', DEFAULT_PER_ROUND) / RESELLERS) * RESELLERS;
  const api = await startBenchApi(`tbo-bench-octo-${randomBytes(4).toString('hex')}`);
  const agentClients: ReturnType<typeof keepAliveClient>[] = [];
  let sellers: Reseller[] = [];
  try {
    const t0 = now();
    const s = await benchBookable(api, [{ name: 'Spread', capacity: 5000, independent: true, slots: SLOTS, slotCapacity: 5000 }], RESELLERS);
    sellers = await resellers(api, s);
    for (const _ of s.agents) agentClients.push(keepAliveClient(s.port));
    ctx.log(`set up a product with ${SLOTS} start times a day, ${RESELLERS} agents and ${RESELLERS} resellers in ${round((now() - t0) / 1000, 1)} s`);
    const slotIds = s.groups[0]!.slotIds;
    const octo = (r: Reseller) => ({ authorization: r.authorization, 'octo-capabilities': 'octo/pricing' });
    const product = { productId: String(s.tourId), optionId: String(s.offerId) };

    // (a) 30 days of availability, three ways, interleaved sample by sample.
    const range = { localDateStart: s.firstDate, localDateEnd: addDays(s.firstDate, DAYS - 1) };
    const timed = async (send: () => Promise<Answer>, what: string) => {
      const t = now();
      json(await send(), what);
      return now() - t;
    };
    const reader = sellers[0]!;
    const calendar = () => timed(() => reader.client.send('POST', '/octo/availability/calendar', octo(reader), { ...product, ...range }), 'calendar');
    const check = () => timed(() => reader.client.send('POST', '/octo/availability', octo(reader), { ...product, ...range }), 'availability');
    const chart = () => timed(() => api.client.send('GET', `/api/availability?from=${s.firstDate}&days=${DAYS}`, s.admin), 'chart');
    const found = json<unknown[]>(await reader.client.send('POST', '/octo/availability', octo(reader), { ...product, ...range }), 'availability');
    if (found.length !== SLOTS * DAYS) throw new Error(`availability answered ${found.length} start times, expected ${SLOTS * DAYS}`);
    for (let i = 0; i < WARM_UP; i++) {
      await calendar();
      await check();
      await chart();
    }
    const times = { calendar: [] as number[], check: [] as number[], chart: [] as number[] };
    for (let i = 0; i < SAMPLES; i++) {
      const order = (['chart', 'calendar', 'check'] as const).slice(i % 3).concat((['chart', 'calendar', 'check'] as const).slice(0, i % 3));
      for (const k of order) times[k].push(await (k === 'chart' ? chart() : k === 'calendar' ? calendar() : check()));
    }
    const p95 = (xs: number[]) => percentile(xs, 95);
    ctx.log(`availability over ${DAYS} days p95: calendar ${round(p95(times.calendar), 1)} ms, check ${round(p95(times.check), 1)} ms, chart ${round(p95(times.chart), 1)} ms`);

    // (b) reserve+confirm pairs against agent bookings, over the same 200 slot-dates.
    let next = 0;
    const departure = () => {
      const n = next++;
      return { slotId: slotIds[n % SLOTS]!, slotIndex: n % SLOTS, date: addDays(s.firstDate, Math.floor(n / SLOTS) % SPREAD_DATES) };
    };
    let serial = 0;
    const agents = async () => {
      const per = perRound / RESELLERS;
      const start = now();
      await Promise.all(
        s.agents.map(async (agent, w) => {
          for (let i = 0; i < per; i++) {
            const d = departure();
            const res = await agentClients[w]!.send('POST', '/api/agent/bookings', { authorization: agent.authorization, ...idempotencyKey() }, bookingBody(s, d.slotId, d.date, serial++));
            if (res.status !== 200) throw new Error(`booking answered ${res.status}: ${res.body.slice(0, 300)}`);
          }
        }),
      );
      return perRound / ((now() - start) / 1000);
    };
    const pairs = async () => {
      const per = perRound / RESELLERS;
      const start = now();
      await Promise.all(
        sellers.map(async (r) => {
          for (let i = 0; i < per; i++) {
            const d = departure();
            const uuid = randomUUID();
            const availabilityId = `${d.date}T${String(6 + d.slotIndex).padStart(2, '0')}:00:00+04:00`;
            json(await r.client.send('POST', '/octo/bookings', octo(r), { ...product, uuid, availabilityId, unitItems: [{ unitId: 'adult' }] }), 'reserve');
            const confirmed = json<{ status: string }>(await r.client.send('POST', `/octo/bookings/${uuid}/confirm`, octo(r), { resellerReference: `BENCH-${serial++}`, contact: { fullName: `Bench Guest ${serial}` } }), 'confirm');
            if (confirmed.status !== 'CONFIRMED') throw new Error(`confirm answered ${confirmed.status}`);
          }
        }),
      );
      return perRound / ((now() - start) / 1000);
    };
    await agents();
    await pairs();
    const rounds = await alternatingRounds(ROUNDS, agents, pairs);
    for (const [i, r] of rounds.entries()) ctx.log(`round ${i + 1}: agents ${Math.round(r.baseline)} bookings/s, resellers ${Math.round(r.measured)} pairs/s`);
    const median = (xs: number[]) => percentile(xs, 50);
    const bookingRate = median(rounds.map((r) => r.baseline));
    const pairRate = median(rounds.map((r) => r.measured));
    const ratio = median(rounds.map((r) => r.measured / r.baseline));
    const latencyMethod = `in-process API on 127.0.0.1, one keep-alive connection each; ${SAMPLES} samples of each, interleaved (order rotating), after ${WARM_UP} warm-up rounds; product with ${SLOTS} independent slots, ${DAYS} days`;
    /** An OCTO read's p95 against the back office chart's, with an aim on the p95 itself. */
    const againstChart = (name: string, samples: number[], aimMs: number, route: string, details: Record<string, unknown>): BenchResult => ({
      ...compared(name, p95(samples), { name: `GET /api/availability?days=${DAYS} (the back office chart) p95`, value: p95(times.chart) }, 'ms'),
      aim: { metric: 'value', op: '<=', value: aimMs },
      method: `${route}, ${latencyMethod}`,
      details,
    });
    return [
      againstChart('octo.availability_calendar_30_days_p95', times.calendar, AIM_CALENDAR_P95_MS, 'POST /octo/availability/calendar', { calendar: latencySummary(times.calendar), chart: latencySummary(times.chart) }),
      againstChart('octo.availability_check_30_days_p95', times.check, AIM_CHECK_P95_MS, `POST /octo/availability (${SLOTS * DAYS} start times, each departure's stream read)`, { check: latencySummary(times.check) }),
      {
        name: 'octo.reserve_confirm_pairs_per_second',
        value: round(pairRate, 1),
        unit: 'pairs/s',
        baseline: { name: `agent bookings (POST /api/agent/bookings), ${RESELLERS} agents, same departures`, value: round(bookingRate, 1), unit: 'bookings/s' },
        ratio: round(ratio),
        aim: { metric: 'ratio', op: '>=', value: AIM_PAIRS_VS_BOOKINGS },
        method: `${RESELLERS} resellers (agencies with their own keys), each on its own keep-alive connection, reserve (1 adult) then confirm, one pair after another, over ${SLOTS * SPREAD_DATES} slot-dates; against ${RESELLERS} agents booking 1 adult each; ${ROUNDS} rounds of ${perRound}, alternating; ratio = median of per-round ratios`,
        details: { rounds: rounds.map((r) => ({ bookingsPerSecond: round(r.baseline, 1), pairsPerSecond: round(r.measured, 1) })) },
      },
    ];
  } finally {
    for (const c of agentClients) c.close();
    for (const r of sellers) r.client.close();
    await api.close();
  }
}

registerBenchmark({ name: 'octo', description: 'OCTO availability of one product over 30 days (p95) and reserve+confirm pairs/s with 16 resellers vs agent bookings/s', run });
