import { setTimeout as sleep } from 'node:timers/promises';
import type { Knex } from 'knex';
import { systemContext, type CommandRunner, type EventStore } from '@tbo/kernel';
import { expiredHolds } from '@tbo/read-models';
import { releaseDepartureHold } from '@tbo/scheduling';

export interface HoldExpiryJob {
  bookingId: number;
  claimId: string;
  departure: { supplierId: number; groupId: number; timeSlotId: number | null; date: string };
  /** The expiry the job was queued for (ISO instant). */
  expiresAt: string;
}

/** A job that fires a little early waits for the expiry rather than leave the hold to the sweep. */
const EARLY_WAIT_MAX_MS = 5_000;
/** Holds one sweep releases at most; the next sweep takes the rest. */
export const SWEEP_BATCH = 500;

/**
 * Writes the release of a hold whose expiry has passed ('expired'). A hold extended, confirmed or cancelled
 * meanwhile is left as it is, by the departure's decider: the job and the sweep may run any number of times.
 * Answers the position of the release, or null when there was nothing to release.
 */
export async function expireHold(runner: CommandRunner, store: EventStore, job: HoldExpiryJob, now: () => Date = () => new Date()): Promise<string | null> {
  const early = Date.parse(job.expiresAt) - now().getTime();
  if (early > 0 && early <= EARLY_WAIT_MAX_MS) await sleep(early + 1);
  const context = systemContext('hold-expiry');
  return releaseDepartureHold(runner, store, { departure: job.departure, bookingId: job.bookingId, claimId: job.claimId, reason: 'expired', now: now(), context });
}

/**
 * Releases every listed hold whose expiry has passed: run when the worker starts and every few minutes, so a
 * delayed job lost with Redis, or due while no worker ran, costs at most one sweep's wait. Answers how many
 * releases it wrote.
 */
export async function sweepExpiredHolds(deps: { db: Knex; runner: CommandRunner; store: EventStore }, now: Date = new Date()): Promise<number> {
  const holds = await expiredHolds(deps.db, now, SWEEP_BATCH);
  let released = 0;
  for (const hold of holds) {
    const position = await expireHold(deps.runner, deps.store, { ...hold }, () => now);
    if (position) released++;
  }
  return released;
}
