/**
 * `npm run bench` — performance figures, each as a ratio against a baseline taken in the same run.
 *
 *   npm run bench                       readable table (progress on stderr)
 *   npm run -s bench -- --json          one JSON object on stdout: { machine, results, errors }
 *                                       (-s: without it npm prints its "> bench" banner on stdout first)
 *   npm run bench -- --out=bench.json   also write that JSON object to a file
 *   npm run bench -- --only=appends     only benchmarks whose name contains one of the comma-separated words
 *   npm run bench -- --profile          extra profiling where a benchmark offers it (appends, catch-up)
 *   npm run bench -- --appends=20000    fixed events per append run (default: sized from a warm-up, >= 8000)
 *   npm run bench -- --events=50000     events for the catch-up (default 100000)
 *   npm run bench -- --only=bookings    the booking benchmarks (issue 13); their sizes:
 *     --booking-commands=320            bookings per run of the command rounds
 *     --booking-rows=1000000            bookings in the read model for the lists and the export
 *     --booking-events=50000            BookingCreated events for the projection's catch-up
 *     --bookings-in-process             the booking commands with the API and the projections in the bench's own
 *                                       process (default: each in a process of its own, as deployed), and a
 *                                       profile of one booking's round trips and CPU when an aim is missed
 *   npm run bench -- --only=reports-asof  the as-of replay (issue 17): --reports-events=1000000, --reports-rounds=1
 *   npm run bench -- --only=octo        the OCTO supplier API (issue 16): availability over 30 days p95, and
 *     --octo-pairs=160                  reserve+confirm pairs per round (16 resellers) against agent bookings/s
 *   KEEP_BENCH_DATABASE=1               keep the databases for a look afterwards
 *
 * Benchmarks are the files test/bench/*.bench.ts; each calls registerBenchmark() (registry.ts).
 * Each benchmark gets its own throwaway database (tbo_bench_<random>, migrated like the test
 * databases), dropped afterwards even when the benchmark fails or the run is interrupted.
 * Only 127.0.0.1 is contacted.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { describeAim, judge, registeredBenchmarks, type BenchResult } from './registry';
import { benchServerUrl, createBenchDatabase, dropAllBenchDatabases, now, round } from './support';

function parseFlags(argv: readonly string[]): Map<string, string | true> {
  const flags = new Map<string, string | true>();
  for (const arg of argv) {
    const m = /^--([^=]+)(?:=(.*))?$/.exec(arg);
    if (!m) throw new Error(`Unknown argument '${arg}' (flags look like --json, --only=appends)`);
    flags.set(m[1]!, m[2] ?? true);
  }
  return flags;
}

async function loadBenchmarkFiles(): Promise<void> {
  const files = readdirSync(__dirname)
    .filter((f) => f.endsWith('.bench.ts'))
    .sort();
  for (const f of files) await import(path.join(__dirname, f));
}

async function serverVersion(base: string): Promise<string | null> {
  const c = new Client({ connectionString: base, application_name: 'tbo-bench-admin' });
  try {
    await c.connect();
    const r = await c.query<{ v: string }>("SELECT current_setting('server_version') AS v");
    return r.rows[0]?.v ?? null;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}

function fmt(x: number): string {
  if (!Number.isFinite(x)) return String(x);
  const a = Math.abs(x);
  if (a >= 1000) return Math.round(x).toLocaleString('en-US');
  if (a >= 100) return x.toFixed(1);
  if (a >= 1) return x.toFixed(2);
  return x.toFixed(3);
}

function table(results: readonly BenchResult[]): string {
  const rows = results.map((r) => [
    r.name,
    `${fmt(r.value)} ${r.unit}`,
    `${fmt(r.baseline.value)} ${r.baseline.unit}`,
    r.baseline.name,
    fmt(r.ratio),
    describeAim(r.aim),
    r.met === null || r.met === undefined ? '' : r.met ? 'yes' : 'NO',
  ]);
  const head = ['benchmark', 'value', 'baseline', 'baseline is', 'ratio', 'aim', 'met'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 1 || i === 2 || i === 4 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

async function main(): Promise<number> {
  const flags = parseFlags(process.argv.slice(2));
  const json = flags.has('json');
  const log = (message: string) => process.stderr.write(`[bench] ${message}\n`);
  // stdout carries only the result: anything a library prints goes to stderr.
  if (json) console.log = (...args: unknown[]) => console.error(...args);

  const base = benchServerUrl();
  let interrupted = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      if (interrupted) return;
      interrupted = true;
      log(`${signal}: dropping bench databases`);
      void dropAllBenchDatabases(base).finally(() => process.exit(130));
    });
  }

  await loadBenchmarkFiles();
  const only = typeof flags.get('only') === 'string' ? (flags.get('only') as string).split(',').filter(Boolean) : null;
  const selected = registeredBenchmarks().filter((b) => !only || only.some((o) => b.name.includes(o)));
  if (selected.length === 0) throw new Error('No benchmark selected');

  const started = now();
  const results: BenchResult[] = [];
  const errors: { benchmark: string; error: string }[] = [];
  for (const bench of selected) {
    log(`${bench.name}: ${bench.description}`);
    const db = await createBenchDatabase(base);
    const previousUrl = process.env.DATABASE_URL;
    process.env.DATABASE_URL = db.url;
    const t0 = now();
    try {
      const out = await bench.run({ databaseUrl: db.url, log: (m) => log(`${bench.name}: ${m}`), flags });
      results.push(...out.map(judge));
      log(`${bench.name}: done in ${((now() - t0) / 1000).toFixed(1)} s`);
    } catch (err) {
      errors.push({ benchmark: bench.name, error: (err as Error)?.stack ?? String(err) });
      log(`${bench.name}: FAILED ${(err as Error)?.stack ?? String(err)}`);
    } finally {
      if (previousUrl === undefined) delete process.env.DATABASE_URL;
      else process.env.DATABASE_URL = previousUrl;
      await db.drop().catch((err) => log(`could not drop ${db.name}: ${(err as Error).message}`));
    }
  }

  const machine = {
    cpus: os.cpus().length,
    node: process.version,
    cpuModel: os.cpus()[0]?.model ?? null,
    loadavg: os.loadavg().map((x) => round(x, 2)),
    postgres: await serverVersion(base),
  };
  const doc = { machine, durationSeconds: round((now() - started) / 1000, 1), results, errors };
  const out = flags.get('out');
  if (typeof out === 'string') writeFileSync(out, `${JSON.stringify(doc, null, 2)}\n`);
  if (json) {
    await new Promise<void>((resolve) => process.stdout.write(`${JSON.stringify(doc, null, 2)}\n`, () => resolve()));
  } else {
    const lines = [
      '',
      `machine: ${machine.cpus} cpus (${machine.cpuModel}), node ${machine.node}, postgres ${machine.postgres}, load ${machine.loadavg.join(' ')}`,
      '',
      table(results),
      '',
      'how:',
      ...results.filter((r) => r.method).map((r) => `  ${r.name}: ${r.method}`),
      'details:',
      ...results.filter((r) => r.details).map((r) => `  ${r.name}: ${JSON.stringify(r.details)}`),
      ...errors.map((e) => `FAILED ${e.benchmark}: ${e.error.split('\n')[0]}`),
      `total ${((now() - started) / 1000).toFixed(1)} s`,
      '',
    ];
    await new Promise<void>((resolve) => process.stdout.write(lines.join('\n'), () => resolve()));
  }
  return errors.length ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  async (err) => {
    process.stderr.write(`[bench] ${(err as Error)?.stack ?? String(err)}\n`);
    await dropAllBenchDatabases(benchServerUrl()).catch(() => undefined);
    process.exit(1);
  },
);
