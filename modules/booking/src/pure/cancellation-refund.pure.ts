import { round2 } from './booking-money.pure';

/**
 * One tier of a cancellation policy (spec 01: hours and a refund percent): cancelling at least `hours` before the
 * start gives back `percents` of the total.
 */
export interface CancellationTier {
  hours: number;
  percents: number;
}

export interface Refund {
  hoursBeforeStart: number;
  /** The part of the total kept: 100 − the refund percent that applied. */
  penaltyPercent: number;
  refundUsd: number;
  refundAed: number;
  penaltyUsd: number;
  penaltyAed: number;
}

/**
 * The refund of a cancellation under the policy the booking was made with. The tier that applies is the one with
 * the most hours the cancellation still comes before (hours left ≥ the tier's hours); later than every tier, or
 * under a policy with no tiers ('Tour is not refundable', spec 01), nothing is refunded. Hours left are whole
 * hours, rounded down: 23 h 59 min before the start does not meet a 24-hour tier.
 */
export function refundFor(policy: readonly CancellationTier[], startsAt: Date, at: Date, totals: { totalUsd: number; totalAed: number }): Refund {
  const hoursBeforeStart = Math.floor((startsAt.getTime() - at.getTime()) / 3_600_000);
  const met = policy.filter((t) => hoursBeforeStart >= t.hours).sort((a, b) => b.hours - a.hours);
  const refundPercent = met[0]?.percents ?? 0;
  const refundUsd = round2((totals.totalUsd * refundPercent) / 100);
  const refundAed = round2((totals.totalAed * refundPercent) / 100);
  return { hoursBeforeStart, penaltyPercent: 100 - refundPercent, refundUsd, refundAed, penaltyUsd: round2(totals.totalUsd - refundUsd), penaltyAed: round2(totals.totalAed - refundAed) };
}
