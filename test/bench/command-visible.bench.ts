/**
 * (c) Command to visible, at rest: the API in this process (API_RUNS_PROJECTIONS=1, listening
 * on 127.0.0.1), 500 sequential POST /api/languages adding a new language each; for each, the
 * time from sending the command until the 'languages' projection's checkpoint has passed the
 * position the command answered, and the command's own round trip. Baseline: the round trip
 * of GET /health, one before each command (interleaved).
 */
import { Client } from 'pg';
import { EVENT_STORE, type EventStore } from '@tbo/kernel';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { startBenchApi } from './bench-api';
import { latencySummary, now, round } from './support';

const SAMPLES = 500;
const WARM_UP = 10;
/**
 * The checkpoint is polled back to back (each poll a query round trip, a fraction of a millisecond), yielding to
 * the event loop between polls. A 1 ms timer between polls put up to a poll and a timer tick (about 1.2 ms here)
 * between the change and its measurement: half of the command's own round trip, so the ratio mostly measured
 * the timer.
 */
const nextTick = () => new Promise<void>((r) => setImmediate(r));
/** Command-to-visible p95 at most this many times the command round trip p95. */
const VISIBLE_OVER_COMMAND_AIM = 1.5;
const GIVE_UP_MS = 5000;
const P95_AIM_MS = 50;

/** 'b' + two letters: 676 distinct three-letter codes, enough for the warm-up and the samples. */
function languageCode(i: number): string {
  const a = 'abcdefghijklmnopqrstuvwxyz';
  return `b${a[Math.floor(i / 26) % 26]}${a[i % 26]}`;
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const api = await startBenchApi(`tbo-bench-${new URL(ctx.databaseUrl).pathname.slice(1)}`);
  const { app, client } = api;
  const watcher = new Client({ connectionString: ctx.databaseUrl, application_name: 'tbo-bench-watch' });
  watcher.on('error', () => undefined);
  try {
    const store = app.get<EventStore>(EVENT_STORE);
    await watcher.connect();
    // Languages are platform-wide reference data: adding one is a superadmin's power.
    const auth = await api.auth(['superadmin'], { email: 'bench@example.com', fullName: 'Bench', supplierId: null });
    const checkpoint = async () =>
      (
        await watcher.query<{ checkpoint: string | null }>({
          name: 'bench-checkpoint',
          text: `SELECT checkpoint FROM projection_generations WHERE name = 'languages' AND status = 'live'`,
        })
      ).rows[0]?.checkpoint ?? null;

    const health = async () => {
      const t0 = now();
      const res = await client.send('GET', '/health');
      return { ms: now() - t0, status: res.status };
    };
    const command = async (i: number) => {
      const code = languageCode(i);
      const t0 = now();
      const res = await client.send('POST', '/api/languages', auth, { name: `Bench language ${code.toUpperCase()}`, code, isOffers: i % 2 === 0 });
      const answered = now();
      const envelope = JSON.parse(res.body) as { IsOk: boolean; Content: { position: string | null } | null; ErrorMessage: string | null };
      const position = envelope.Content?.position;
      if (res.status !== 200 || !envelope.IsOk || !position) throw new Error(`POST /api/languages answered ${res.status}: ${res.body.slice(0, 300)}`);
      let polls = 0;
      for (;;) {
        polls++;
        const cp = await checkpoint();
        if (store.comparePositions(cp, position) >= 0) break;
        if (now() - t0 > GIVE_UP_MS) throw new Error(`language ${code} not visible after ${GIVE_UP_MS} ms (checkpoint ${cp}, position ${position})`);
        await nextTick();
      }
      const visible = now();
      return { roundTripMs: answered - t0, visibleMs: visible - t0, afterAnswerMs: visible - answered, polls };
    };

    for (let i = 0; i < WARM_UP; i++) {
      await health();
      await command(i);
    }
    ctx.log(`warmed up; ${SAMPLES} sequential samples (GET /health, then POST /api/languages and poll the checkpoint back to back)`);
    const healthMs: number[] = [];
    const healthStatus: Record<string, number> = {};
    const roundTrip: number[] = [];
    const visible: number[] = [];
    const afterAnswer: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const h = await health();
      healthMs.push(h.ms);
      healthStatus[h.status] = (healthStatus[h.status] ?? 0) + 1;
      const c = await command(WARM_UP + i);
      roundTrip.push(c.roundTripMs);
      visible.push(c.visibleMs);
      afterAnswer.push(c.afterAnswerMs);
    }
    const h = latencySummary(healthMs);
    const v = latencySummary(visible);
    const r = latencySummary(roundTrip);
    ctx.log(`visible p50 ${v.p50} ms p95 ${v.p95} ms; command round trip p50 ${r.p50} ms p95 ${r.p95} ms; GET /health p50 ${h.p50} ms p95 ${h.p95} ms`);
    const details = {
      samples: SAMPLES,
      commandToVisibleMs: v,
      commandRoundTripMs: r,
      visibleAfterAnswerMs: latencySummary(afterAnswer),
      healthRoundTripMs: h,
      healthStatus,
      visibleOverAimCount: visible.filter((x) => x >= P95_AIM_MS).length,
    };
    const base = (p: 'p50' | 'p95') => ({ name: `GET /health round trip ${p}`, value: h[p], unit: 'ms' });
    const method = `in-process API (API_RUNS_PROJECTIONS=1) on 127.0.0.1, keep-alive HTTP; ${SAMPLES} sequential POST /api/languages after ${WARM_UP} warm-up; visible = the languages checkpoint (polled back to back) has passed the command's position; baseline GET /health sent before each command; ratio = value / baseline (lower is better)`;
    return [
      { name: 'api.command_to_visible.p50', value: v.p50, unit: 'ms', baseline: base('p50'), ratio: round(v.p50 / h.p50), aim: null, method, details },
      { name: 'api.command_to_visible.p95', value: v.p95, unit: 'ms', baseline: base('p95'), ratio: round(v.p95 / h.p95), aim: { metric: 'value', op: '<', value: P95_AIM_MS } },
      { name: 'api.command_round_trip.p50', value: r.p50, unit: 'ms', baseline: base('p50'), ratio: round(r.p50 / h.p50), aim: null },
      { name: 'api.command_round_trip.p95', value: r.p95, unit: 'ms', baseline: base('p95'), ratio: round(r.p95 / h.p95), aim: null },
      {
        name: 'api.command_to_visible.p95_over_command',
        value: v.p95,
        unit: 'ms',
        baseline: { name: 'command round trip p95', value: r.p95, unit: 'ms' },
        ratio: round(v.p95 / r.p95),
        aim: { metric: 'ratio', op: '<=', value: VISIBLE_OVER_COMMAND_AIM },
      },
    ];
  } finally {
    await watcher.end().catch(() => undefined);
    await api.close();
  }
}

registerBenchmark({ name: 'command-visible', description: 'POST /api/languages until the languages projection shows it, vs GET /health', run });
