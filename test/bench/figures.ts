import type { BenchResult } from './registry';
import { alternatingRounds, percentile, round } from './support';

/** The figure part of a result: its name, the value and the baseline's in one unit, and their ratio. */
export type Compared = Pick<BenchResult, 'name' | 'value' | 'unit' | 'baseline' | 'ratio'>;

/**
 * A measured value against its baseline, both unrounded: the two rounded alike to `digits` (0.1 by default), the
 * ratio value / baseline unless the benchmark takes its own (a median of per-round ratios), rounded to 0.001.
 */
export function compared(name: string, value: number, baseline: { name: string; value: number }, unit: string, options: { digits?: number; ratio?: number } = {}): Compared {
  const digits = options.digits ?? 1;
  return {
    name,
    value: round(value, digits),
    unit,
    baseline: { name: baseline.name, value: round(baseline.value, digits), unit },
    ratio: round(options.ratio ?? value / baseline.value),
  };
}

/** What timed rounds of a baseline and the thing measured gave: each side's seconds, and the per-round ratios. */
export interface SecondsRounds {
  baseline: number[];
  measured: number[];
  /** Baseline seconds / measured seconds: the measured side's throughput over the baseline's. */
  ratios: number[];
}

/** alternatingRounds() of two timings in seconds, collected side by side with their per-round ratios. */
export async function secondsRounds(rounds: number, baseline: (round: number) => Promise<number>, measured: (round: number) => Promise<number>): Promise<SecondsRounds> {
  const out: SecondsRounds = { baseline: [], measured: [], ratios: [] };
  for (const r of await alternatingRounds(rounds, baseline, measured)) {
    out.baseline.push(r.baseline);
    out.measured.push(r.measured);
    out.ratios.push(r.baseline / r.measured);
  }
  return out;
}

/**
 * A throughput figure over `count` items from timed rounds: each side's rate at its median time, the ratio the
 * median of the per-round ratios (so one slow round on the shared machine does not decide it).
 */
export function throughput(name: string, count: number, rounds: SecondsRounds, baselineName: string, unit: string): Compared {
  return compared(name, count / percentile(rounds.measured, 50), { name: baselineName, value: count / percentile(rounds.baseline, 50) }, unit, { ratio: percentile(rounds.ratios, 50) });
}
