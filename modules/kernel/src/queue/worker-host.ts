import { Queue, UnrecoverableError, Worker, type DefaultJobOptions, type Job, type JobsOptions, type WorkerOptions } from 'bullmq';
import type { Redis } from 'ioredis';
import type { LogSink } from '../logging/log-sink';
import { DEFAULT_JOB_OPTIONS } from './job-defaults';

/** Receives a message and its fields (see logSink: the worker writes them as one JSON line). */
export type JobLogger = LogSink;

/**
 * Handles the jobs of one queue. Whatever `process` resolves with becomes the job's return value;
 * a rejection is retried with backoff up to the job's `attempts`.
 *
 * Bad input (a job that can never succeed: unknown booking, malformed data) must throw bullmq's
 * `UnrecoverableError` (or a subclass): the job then fails for good at once, instead of being
 * retried with backoff for minutes and ending in the same failure.
 */
export interface JobProcessor<Data = any> {
  queue: string;
  process: (job: Job<Data>) => Promise<unknown>;
  /** Jobs of this queue run at the same time in this process; 1 unless given. */
  concurrency?: number;
}

export interface WorkerHostOptions {
  /** Owned by the caller (see createQueueConnection); the host never quits it. */
  connection: Redis;
  /** BullMQ key prefix (QUEUE_PREFIX), so environments and test runs sharing a Redis stay apart. */
  prefix: string;
  logger: JobLogger;
  /** Applied over DEFAULT_JOB_OPTIONS for every job this host enqueues. */
  defaultJobOptions?: DefaultJobOptions;
  /** Extra BullMQ worker settings (lock duration, stalled checks) for every worker. */
  workerOptions?: Omit<WorkerOptions, 'connection' | 'prefix' | 'concurrency' | 'autorun'>;
}

type Level = keyof JobLogger;

/** Runs BullMQ workers for registered processors and enqueues jobs, with one shutdown for both. */
export class WorkerHost {
  private readonly processors = new Map<string, JobProcessor>();
  private readonly workers: Worker[] = [];
  private readonly queues = new Map<string, Queue>();
  private readonly defaultJobOptions: DefaultJobOptions;
  private started = false;
  private closing: Promise<void> | null = null;

  constructor(private readonly options: WorkerHostOptions) {
    this.defaultJobOptions = { ...DEFAULT_JOB_OPTIONS, ...options.defaultJobOptions };
  }

  /** Registration happens before start() so a process never runs with half of its workers. */
  register<Data>(processor: JobProcessor<Data>): this {
    if (this.started || this.closing) throw new Error('WorkerHost: register processors before start()');
    if (this.processors.has(processor.queue)) {
      throw new Error(`WorkerHost: queue "${processor.queue}" already has a processor`);
    }
    this.processors.set(processor.queue, processor);
    return this;
  }

  /** Starts one worker per registered queue; resolves once all of them are connected. */
  async start(): Promise<void> {
    if (this.closing) throw new Error('WorkerHost: closed');
    if (this.started) return;
    this.started = true;
    for (const processor of this.processors.values()) this.workers.push(this.startWorker(processor));
    await Promise.all(this.workers.map((worker) => worker.waitUntilReady()));
  }

  /**
   * Adds a job. With a `jobId` (see jobId()) that a kept job already has, nothing is added and
   * the returned job only echoes the arguments: the existing job keeps its data.
   */
  async enqueue<Data>(queue: string, name: string, data: Data, opts?: JobsOptions): Promise<Job<Data>> {
    if (this.closing) throw new Error('WorkerHost: closed');
    return this.queue(queue).add(name, data, opts) as Promise<Job<Data>>;
  }

  /**
   * Graceful shutdown: workers stop fetching and wait for their active jobs, then queues close.
   * Workers go first because a finishing job may still enqueue follow-up work. A process killed
   * before this resolves leaves its active jobs stalled; another worker picks them up again after
   * the lock expires, which is safe because jobs are idempotent.
   */
  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    const workers = await Promise.allSettled(this.workers.map((worker) => worker.close()));
    const queues = await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    for (const result of [...workers, ...queues]) {
      if (result.status === 'rejected') this.write('error', { msg: 'close failed', error: describe(result.reason, true) });
    }
  }

  private startWorker(processor: JobProcessor): Worker {
    const { queue, concurrency = 1 } = processor;
    // autorun off so the listeners below are attached before the first job or error.
    const worker = new Worker(queue, (job: Job) => processor.process(job), {
      ...this.options.workerOptions,
      connection: this.options.connection,
      prefix: this.options.prefix,
      concurrency,
      autorun: false,
    });
    worker.on('failed', (job, error) => this.logFailure(queue, job, error));
    // A stalled job lost its lock (event loop blocked, process killed) and runs again elsewhere.
    worker.on('stalled', (jobId) => this.write('warn', { msg: 'job stalled', queue, jobId }));
    // Without an 'error' listener a Redis hiccup would be thrown as an uncaught exception.
    worker.on('error', (error) => this.write('error', { msg: 'worker error', queue, error: describe(error, true) }));
    worker.run().catch((error: unknown) => this.write('error', { msg: 'worker stopped', queue, error: describe(error, true) }));
    this.write('log', { msg: 'worker started', queue, concurrency });
    return worker;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, {
        connection: this.options.connection,
        prefix: this.options.prefix,
        defaultJobOptions: this.defaultJobOptions,
      });
      queue.on('error', (error) => this.write('error', { msg: 'queue error', queue: name, error: describe(error, true) }));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private logFailure(queue: string, job: Job | undefined, error: Error): void {
    // BullMQ sets finishedOn only when the job moves to failed for good; otherwise it is delayed
    // for a retry. Job data is left out on purpose: it can hold customers' personal data.
    const willRetry = job !== undefined && !job.finishedOn;
    this.write(willRetry ? 'warn' : 'error', {
      msg: willRetry ? 'job failed, will retry' : 'job failed',
      queue,
      jobName: job?.name,
      jobId: job?.id,
      attempt: job?.attemptsMade,
      attempts: job?.opts.attempts ?? 1,
      willRetry,
      unrecoverable: error instanceof UnrecoverableError || error.name === 'UnrecoverableError',
      // Stacks only on the final failure: retried attempts usually repeat the same one.
      error: describe(error, !willRetry),
    });
  }

  private write(level: Level, entry: { msg: string } & Record<string, unknown>): void {
    const { msg, ...fields } = entry;
    this.options.logger[level](msg, fields);
  }
}

function describe(error: unknown, withStack: boolean): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  return { name: error.name, message: error.message, ...(withStack ? { stack: error.stack } : {}) };
}
