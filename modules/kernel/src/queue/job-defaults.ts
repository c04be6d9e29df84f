import type { DefaultJobOptions, JobsOptions } from 'bullmq';

const DAY_SECONDS = 24 * 3600;

/**
 * Options every job gets unless the caller overrides them.
 *
 * Finished jobs are kept for a while rather than removed at once because a custom job id only
 * deduplicates while a job with that id still exists: after removal the same id is accepted
 * again. A week of completed jobs covers redelivered events and retried requests; processors
 * must still be idempotent for anything older. Failed jobs stay longer so someone can inspect
 * and retry them. Only an age limit is set: a count limit would evict recent ids early under
 * load and weaken the deduplication. BullMQ evicts on the next finish, not on a timer.
 */
export const DEFAULT_JOB_OPTIONS = {
  attempts: 5,
  // 1 s, 2 s, 4 s, 8 s: rides out a short Redis/Postgres/disk hiccup without hammering it.
  backoff: { type: 'exponential', delay: 1_000 },
  removeOnComplete: { age: 7 * DAY_SECONDS },
  removeOnFail: { age: 30 * DAY_SECONDS },
} as const satisfies DefaultJobOptions;

/** The defaults with `overrides` on top (shallow, like BullMQ's own merge of job options). */
export function withJobDefaults(overrides: JobsOptions = {}): JobsOptions {
  return { ...DEFAULT_JOB_OPTIONS, ...overrides };
}

const SAFE_CHAR = /[A-Za-z0-9_-]/;
const SEPARATOR = '.';

/**
 * A deterministic job id, e.g. `jobId('invoice', bookingId, version)`, so that enqueueing the
 * same work twice (a redelivered event, a replayed projection) adds one job, not two.
 *
 * BullMQ rejects custom ids that contain ':' (its Redis key separator) or that read as an
 * integer (they would clash with its own counter ids). Each part is therefore percent-encoded
 * except for [A-Za-z0-9_-], and parts are joined with '.', which an encoded part never
 * contains, so different parts can never produce the same id ('a.b' + 'c' ≠ 'a' + 'b.c').
 */
export function jobId(...parts: ReadonlyArray<string | number>): string {
  if (parts.length === 0) throw new Error('jobId needs at least one part');
  const id = parts.map((part) => encodePart(String(part))).join(SEPARATOR);
  if (`${Number.parseInt(id, 10)}` === id) {
    throw new Error(`Job id "${id}" reads as an integer, which BullMQ refuses: add a name part, e.g. jobId('invoice', ${id})`);
  }
  return id;
}

function encodePart(part: string): string {
  let out = '';
  for (const char of part) {
    if (SAFE_CHAR.test(char)) out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}
