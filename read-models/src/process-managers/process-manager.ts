import type { RecordedEvent } from '@tbo/event-schemas';
import { assertProjectionName, type Projection } from '../runner/projection';

/*
 * A process manager: "when event X is projected, queue job Y with a deterministic job id".
 *
 * It is run as a projection (no tables) so that the runner's checkpoint decides what has been
 * handled: the job is added inside the batch's transaction, before the checkpoint moves in that
 * same transaction. A crash before the commit re-applies the event and adds the same job id
 * again, which BullMQ ignores while the job is kept (see DEFAULT_JOB_OPTIONS); a crash after the
 * commit finds the job already queued. So nothing is lost and nothing is queued twice.
 *
 * It lives in read-models because the runner and the Projection interface do, and read-models may
 * import only event-schemas: the queue is therefore a port (JobQueue) that the worker fills with
 * the kernel's WorkerHost, which fits it as is.
 */

/** The job an event asks for. The same event must always give the same jobId (e.g. kernel's jobId()). */
export interface ProcessManagerJob<Data = unknown> {
  queue: string;
  name: string;
  jobId: string;
  data: Data;
  /** Run no sooner than this many milliseconds after it is queued (a settling step gives the command time to finish). */
  delayMs?: number;
}

export interface ProcessManager {
  /** Lower case letters, digits and underscores; its runner's projection is `pm_<name>`. */
  name: string;
  /** Bump to queue every handled event's job again (a rebuild replays them all; kept ids still dedupe). */
  version: number;
  handles: readonly string[];
  /** Pure: decides from the event alone (one event may ask for several jobs). Throwing parks the event, like a projection's bug. */
  jobFor(event: RecordedEvent): ProcessManagerJob | readonly ProcessManagerJob[] | null;
}

/** Where the jobs go. The kernel's WorkerHost fits it. */
export interface JobQueue {
  enqueue(queue: string, name: string, data: unknown, opts: { jobId: string; delay?: number }): Promise<unknown>;
}

export interface ProcessManagerOptions {
  /**
   * How long an add may take before the batch is given up and retried. ioredis keeps commands
   * while Redis is away rather than failing them, so without a limit the batch's transaction
   * (and the projection's lock) would stay open until Redis came back.
   */
  addTimeoutMs?: number;
}

const DEFAULT_ADD_TIMEOUT_MS = 5_000;

/** Keeps the definition's own types (a caller may look at the jobs it gives) while checking it is a process manager. */
export function defineProcessManager<D extends Omit<ProcessManager, 'version'> & { version?: number }>(definition: D): D & ProcessManager {
  assertProjectionName(processManagerProjectionName(definition.name));
  if (definition.handles.length === 0) throw new Error(`Process manager ${definition.name} handles no event type`);
  return { ...definition, version: definition.version ?? 1 };
}

export const processManagerProjectionName = (name: string) => `pm_${name}`;

/**
 * The queue could not take the job: the event is not to blame. Its `code` is one the runner's
 * isTransient() retries with backoff, so the event is tried again (never parked) until the queue
 * answers, and the checkpoint stays where it was meanwhile.
 */
export class QueueUnavailableError extends Error {
  readonly code = 'ETIMEDOUT';

  constructor(
    job: Pick<ProcessManagerJob, 'queue' | 'jobId'>,
    override readonly cause: unknown,
  ) {
    super(`Could not queue job ${job.jobId} on ${job.queue}: ${(cause as Error)?.message ?? String(cause)}`);
    this.name = 'QueueUnavailableError';
  }
}

/** The projection that runs a process manager; give it to a ProjectionHost with the read models. */
export function processManagerProjection(manager: ProcessManager, queue: JobQueue, options: ProcessManagerOptions = {}): Projection {
  const timeoutMs = options.addTimeoutMs ?? DEFAULT_ADD_TIMEOUT_MS;
  const add = (job: ProcessManagerJob) => addWithin(queue, job, timeoutMs);
  return {
    name: processManagerProjectionName(manager.name),
    version: manager.version,
    handles: manager.handles,
    tables: {},
    async apply(_ctx, event) {
      await Promise.all(jobsOf(manager, event).map(add));
    },
    async applyBatch(_ctx, events) {
      // Every job is decided first: an event whose jobFor throws fails the batch before any add.
      const jobs = events.flatMap((e) => jobsOf(manager, e));
      // The order of adds does not matter (each job stands alone); in parallel they share round trips.
      await Promise.all(jobs.map(add));
    },
  };
}

const jobsOf = (manager: ProcessManager, event: RecordedEvent): readonly ProcessManagerJob[] => {
  const jobs = manager.jobFor(event);
  return jobs === null ? [] : 'queue' in jobs ? [jobs] : jobs;
};

async function addWithin(queue: JobQueue, job: ProcessManagerJob, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
  });
  const added = queue.enqueue(job.queue, job.name, job.data, job.delayMs ? { jobId: job.jobId, delay: job.delayMs } : { jobId: job.jobId });
  // An add that answers after the timeout is harmless (the retry adds the same id); not unhandled.
  added.catch(() => undefined);
  try {
    await Promise.race([added, timeout]);
  } catch (err) {
    throw new QueueUnavailableError(job, err);
  } finally {
    clearTimeout(timer);
  }
}
