import { latencySummary, percentile, round } from './support';

/** What an interleaved run measured: every sample, their summaries, and the samples of each named case. */
export interface InterleavedTimes {
  httpMs: number[];
  sqlMs: number[];
  http: ReturnType<typeof latencySummary>;
  sql: ReturnType<typeof latencySummary>;
  /** Per case name: median and worst of each side, to 0.01 ms (which case is slow, when one is). */
  perCase: Record<string, { httpP50: number; httpMax: number; sqlP50: number; sqlMax: number }>;
}

/**
 * The latency benchmarks' comparison: an API route over HTTP against the same statements sent to Postgres
 * directly. `warmUp` untimed rounds, then `samples` timed ones over the cases in turn; which side goes first
 * alternates, so neither always finds the caches warmed by the other.
 */
export async function timeInterleaved<C>(
  cases: readonly C[],
  counts: { samples: number; warmUp: number },
  viaSql: (c: C) => Promise<{ ms: number }>,
  viaHttp: (c: C) => Promise<{ ms: number }>,
  nameOf: (c: C) => string = (c) => (c as { name?: string }).name ?? String(c),
): Promise<InterleavedTimes> {
  for (let i = 0; i < counts.warmUp; i++) {
    const c = cases[i % cases.length]!;
    await viaSql(c);
    await viaHttp(c);
  }
  const httpMs: number[] = [];
  const sqlMs: number[] = [];
  const per = new Map<string, { http: number[]; sql: number[] }>();
  for (let i = 0; i < counts.samples; i++) {
    const c = cases[i % cases.length]!;
    const e = per.get(nameOf(c)) ?? { http: [], sql: [] };
    per.set(nameOf(c), e);
    if (i % 2 === 0) e.sql.push((await viaSql(c)).ms);
    e.http.push((await viaHttp(c)).ms);
    if (i % 2 !== 0) e.sql.push((await viaSql(c)).ms);
    httpMs.push(e.http.at(-1)!);
    sqlMs.push(e.sql.at(-1)!);
  }
  const perCase = Object.fromEntries(
    [...per].map(([name, e]) => [name, { httpP50: round(percentile(e.http, 50), 2), httpMax: round(Math.max(...e.http), 2), sqlP50: round(percentile(e.sql, 50), 2), sqlMax: round(Math.max(...e.sql), 2) }]),
  );
  return { httpMs, sqlMs, http: latencySummary(httpMs), sql: latencySummary(sqlMs), perCase };
}
