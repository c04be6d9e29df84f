/**
 * The benchmark registry. A benchmark is any file `test/bench/*.bench.ts` that calls
 * registerBenchmark(); bench.ts loads them all (alphabetical order), gives each one a throwaway
 * database of its own and collects the results. Every figure is a ratio against a baseline
 * measured in the same run, because the machine is small, shared and noisy.
 */

/** A measured figure. */
export interface Figure {
  name: string;
  value: number;
  unit: string;
}

/** What we hope for: on the ratio (or on the raw value, for absolute targets like a p95 in ms). */
export interface Aim {
  metric: 'ratio' | 'value';
  op: '>=' | '>' | '<=' | '<';
  value: number;
}

export interface BenchResult extends Figure {
  baseline: Figure;
  /** value / baseline.value (for throughputs higher is better, for latencies lower is better). */
  ratio: number;
  aim: Aim | null;
  /** Whether the aim was met (null when there is no aim). Filled in by bench.ts. */
  met?: boolean | null;
  /** How the figure was taken, in one line. */
  method?: string;
  /** Raw samples, runs and profiles: anything that helps read the figure. */
  details?: Record<string, unknown>;
}

export interface BenchContext {
  /** The benchmark's own freshly migrated database; process.env.DATABASE_URL already points at it. */
  databaseUrl: string;
  /** Progress line (stderr, so `--json` keeps stdout clean). */
  log(message: string): void;
  /** Command-line flags after `--` (e.g. `--profile`, `--appends=12000`). */
  flags: ReadonlyMap<string, string | true>;
}

export interface Benchmark {
  /** Short id, used by `--only`. */
  name: string;
  description: string;
  run(ctx: BenchContext): Promise<BenchResult[]>;
}

const benchmarks: Benchmark[] = [];

export function registerBenchmark(benchmark: Benchmark): void {
  if (benchmarks.some((b) => b.name === benchmark.name)) throw new Error(`Benchmark '${benchmark.name}' registered twice`);
  benchmarks.push(benchmark);
}

export function registeredBenchmarks(): readonly Benchmark[] {
  return benchmarks;
}

/** Fills in `met` from the aim. */
export function judge(result: BenchResult): BenchResult {
  if (!result.aim) return { ...result, met: null };
  const x = result.aim.metric === 'ratio' ? result.ratio : result.value;
  const v = result.aim.value;
  const met = result.aim.op === '>=' ? x >= v : result.aim.op === '>' ? x > v : result.aim.op === '<=' ? x <= v : x < v;
  return { ...result, met };
}

export function describeAim(aim: Aim | null): string {
  if (!aim) return '';
  return `${aim.metric} ${aim.op} ${aim.value}`;
}
