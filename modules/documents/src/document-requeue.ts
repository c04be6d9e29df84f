import type { Queue } from 'bullmq';
import { DEFAULT_JOB_OPTIONS } from '@tbo/kernel';
import { documentJobId, type DocumentJob } from './document-jobs';

/** retried: a job that had failed for good runs again; added: a new job (none, or a finished one replaced); queued: one is waiting, delayed or running already. */
export type RequeueOutcome = 'retried' | 'added' | 'queued';

/**
 * Asks for one document's job again, under its one id (documentJobId), for a download that found the document not
 * made (or its file gone) and for the documents sweep:
 * - a job that failed for good (its attempts spent) is retried, with its attempts counted anew;
 * - a completed job (its file lost since, or 'not applicable' when it ran) is replaced by a new one: the job is
 *   idempotent, and finds the document made when it is;
 * - none: a new job;
 * - a job waiting, delayed for a retry or running is left alone; with `front` a waiting one is taken out and added
 *   again at the head (lifo), since BullMQ takes waiting jobs in order.
 * Another process doing the same meanwhile is harmless: a retry or a removal it won makes ours fail, and the job
 * is then queued anyway.
 */
export async function requeueDocument(queue: Queue, job: DocumentJob, options: { front?: boolean } = {}): Promise<RequeueOutcome> {
  const id = documentJobId(job);
  const existing = await queue.getJob(id);
  if (existing) {
    const state = await existing.getState();
    if (state === 'failed') {
      return existing.retry('failed', { resetAttemptsMade: true, resetAttemptsStarted: true }).then(
        () => 'retried' as const,
        () => 'queued' as const,
      );
    }
    const replace = state === 'completed' || state === 'unknown' || (options.front === true && (state === 'waiting' || state === 'prioritized'));
    if (!replace) return 'queued';
    // A worker that took it meanwhile holds its lock, which refuses the removal: it is being made anyway.
    if (state !== 'unknown' && !(await existing.remove().then(() => true, () => false))) return 'queued';
  }
  await queue.add(`${job.kind}-${job.language}`, job, { ...DEFAULT_JOB_OPTIONS, jobId: id, lifo: options.front === true });
  return 'added';
}
