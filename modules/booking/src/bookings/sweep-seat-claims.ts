import type { Knex } from 'knex';
import type { CommandRunner, EventStore, LogSink } from '@tbo/kernel';
import { unsettledSeatClaims, type UnsettledSeatClaim } from '@tbo/read-models';
import { settleSeatClaim, type SettleOutcome } from './settle-seat-claim';

export const SWEEP_SEAT_CLAIMS_JOB = 'sweep-seat-claims';
/**
 * A claim unsettled for less than this is left to its own delayed job (due a minute after the seats were taken)
 * and to the booking command still writing: the sweep is for jobs that were lost, not a race with them. Run
 * together they would still be safe: settling decides on the streams and every step is idempotent.
 */
export const SEAT_CLAIMS_SWEEP_GRACE_MS = 2 * 60_000;
/** Claims read per page; one sweep pages through every claim past the grace period. */
export const SEAT_CLAIMS_SWEEP_BATCH = 200;

export interface SeatClaimsSweepOutcome {
  /** Claims the read table listed past the grace period. */
  listed: number;
  /** What settling answered, by outcome ('sold': a booking stands on it, left as it is). */
  settled: Partial<Record<SettleOutcome, number>>;
  failed: number;
}

/**
 * Settles every claim the read table shows unsettled for longer than the grace period: run by the worker at start
 * and every few minutes, so a settling job lost with Redis, out of attempts, or dropped with a killed worker costs
 * one sweep's wait instead of seats taken for good. Each claim runs the same step as its delayed job. One that
 * fails is logged and the others are still tried: the next sweep tries it again (its row stays until a release
 * or its booking's event removes it).
 */
export async function sweepSeatClaims(
  deps: { db: Knex; runner: CommandRunner; store: EventStore; log?: LogSink },
  options: { now?: Date; graceMs?: number; batch?: number } = {},
): Promise<SeatClaimsSweepOutcome> {
  const before = new Date((options.now ?? new Date()).getTime() - (options.graceMs ?? SEAT_CLAIMS_SWEEP_GRACE_MS));
  const batch = options.batch ?? SEAT_CLAIMS_SWEEP_BATCH;
  const outcome: SeatClaimsSweepOutcome = { listed: 0, settled: {}, failed: 0 };
  let after: UnsettledSeatClaim | undefined;
  for (;;) {
    const page = await unsettledSeatClaims(deps.db, before, batch, after);
    outcome.listed += page.length;
    for (const claim of page) {
      try {
        const settled = await settleSeatClaim(deps.runner, deps.store, { bookingId: claim.bookingId, claimId: claim.claimId, departure: claim.departure });
        outcome.settled[settled] = (outcome.settled[settled] ?? 0) + 1;
      } catch (err) {
        outcome.failed++;
        deps.log?.error('could not settle a seat claim', { claimId: claim.claimId, bookingId: claim.bookingId, kind: claim.kind, error: (err as Error).message });
      }
    }
    if (page.length < batch) break;
    after = page.at(-1);
  }
  if (outcome.listed > 0) deps.log?.log('seat claims swept', { ...outcome });
  return outcome;
}
