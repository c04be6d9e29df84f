import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue, UnrecoverableError, type JobState } from 'bullmq';
import type { Redis } from 'ioredis';
import { loadConfig } from '../config/app-config';
import { DEFAULT_JOB_OPTIONS, jobId } from './job-defaults';
import { createQueueConnection } from './queue-connection';
import { WorkerHost, type JobLogger } from './worker-host';

// A prefix of its own per run, so parallel runs and leftovers of old runs never meet.
const prefix = `${process.env.QUEUE_PREFIX ?? 'tbo-test'}-${randomBytes(4).toString('hex')}`;

interface LogEntry {
  level: string;
  msg: string;
  [field: string]: unknown;
}

describe('WorkerHost (Redis)', () => {
  let connection: Redis;
  let entries: LogEntry[];
  const hosts: WorkerHost[] = [];
  const queueNames = new Set<string>();

  beforeAll(() => {
    connection = createQueueConnection(loadConfig().REDIS_URL);
  });

  beforeEach(() => {
    entries = [];
  });

  afterEach(async () => {
    await Promise.all(hosts.splice(0).map((host) => host.close()));
  });

  afterAll(async () => {
    for (const name of queueNames) {
      const queue = new Queue(name, { connection, prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    const leftovers = await connection.keys(`${prefix}:*`);
    await connection.quit();
    expect(leftovers).toEqual([]);
  });

  function line(level: string): (msg: string, meta?: Record<string, unknown>) => void {
    return (msg, meta) => entries.push({ ...meta, level, msg });
  }

  function makeHost(): WorkerHost {
    const logger: JobLogger = { log: line('log'), warn: line('warn'), error: line('error') };
    // A short backoff keeps retries fast; everything else stays at the production defaults.
    const host = new WorkerHost({
      connection,
      prefix,
      logger,
      defaultJobOptions: { backoff: { type: 'exponential', delay: 50 } },
    });
    hosts.push(host);
    return host;
  }

  function queueName(base: string): string {
    queueNames.add(base);
    return base;
  }

  async function stateOf(queue: string, id: string): Promise<JobState | 'unknown'> {
    const inspect = new Queue(queue, { connection, prefix });
    try {
      return await inspect.getJobState(id);
    } finally {
      await inspect.close();
    }
  }

  async function waitForState(queue: string, id: string, wanted: JobState, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let state = await stateOf(queue, id);
    while (state !== wanted) {
      if (Date.now() > deadline) throw new Error(`job ${id} is ${state}, expected ${wanted}`);
      await sleep(20);
      state = await stateOf(queue, id);
    }
  }

  async function jobOf(queue: string, id: string) {
    const inspect = new Queue(queue, { connection, prefix });
    try {
      return await inspect.getJob(id);
    } finally {
      await inspect.close();
    }
  }

  it('retries a failing job with exponential backoff until it completes', async () => {
    const queue = queueName('retry');
    const calls: number[] = [];
    const host = makeHost().register({
      queue,
      process: async () => {
        calls.push(Date.now());
        if (calls.length <= 2) throw new Error(`flaky ${calls.length}`);
        return 'done';
      },
    });
    await host.start();

    const job = await host.enqueue(queue, 'flaky', { bookingId: 'b-1' });
    await waitForState(queue, job.id!, 'completed');

    expect(calls).toHaveLength(3);
    // Backoff 50 ms, then 100 ms (a few ms of slack for timer granularity).
    expect(calls[1]! - calls[0]!).toBeGreaterThanOrEqual(45);
    expect(calls[2]! - calls[1]!).toBeGreaterThanOrEqual(95);
    const stored = await jobOf(queue, job.id!);
    expect(stored?.returnvalue).toBe('done');
    expect(stored?.opts.attempts).toBe(DEFAULT_JOB_OPTIONS.attempts);

    const failures = entries.filter((e) => e.msg.startsWith('job failed'));
    expect(failures).toEqual([
      expect.objectContaining({ level: 'warn', queue, jobId: job.id, attempt: 1, willRetry: true, error: { name: 'Error', message: 'flaky 1' } }),
      expect.objectContaining({ level: 'warn', queue, jobId: job.id, attempt: 2, willRetry: true, error: { name: 'Error', message: 'flaky 2' } }),
    ]);
  });

  it('fails a job for good at once on UnrecoverableError', async () => {
    const queue = queueName('unrecoverable');
    let calls = 0;
    const host = makeHost().register({
      queue,
      process: async () => {
        calls += 1;
        throw new UnrecoverableError('booking b-404 does not exist');
      },
    });
    await host.start();

    const job = await host.enqueue(queue, 'invoice', { bookingId: 'b-404' });
    await waitForState(queue, job.id!, 'failed');
    await sleep(300); // several backoff periods: a retry would have happened by now

    expect(calls).toBe(1);
    expect(await stateOf(queue, job.id!)).toBe('failed');
    const stored = await jobOf(queue, job.id!);
    expect(stored?.attemptsMade).toBe(1);
    expect(stored?.failedReason).toBe('booking b-404 does not exist');
    const failures = entries.filter((e) => e.msg.startsWith('job failed'));
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({
      level: 'error',
      msg: 'job failed',
      queue,
      jobName: 'invoice',
      jobId: job.id,
      attempt: 1,
      attempts: 5,
      willRetry: false,
      unrecoverable: true,
      error: { name: 'UnrecoverableError', message: 'booking b-404 does not exist' },
    });
    expect(failures[0]!.error).toHaveProperty('stack');
  });

  it('waits for the active job to finish when closing', async () => {
    const queue = queueName('shutdown');
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    let finishedAt = 0;
    const host = makeHost().register({
      queue,
      process: async () => {
        started();
        await sleep(500);
        finishedAt = Date.now();
        return 'ok';
      },
    });
    await host.start();
    const job = await host.enqueue(queue, 'slow', {});
    await running;

    await host.close();
    const closedAt = Date.now();

    expect(finishedAt).toBeGreaterThan(0);
    expect(closedAt).toBeGreaterThanOrEqual(finishedAt);
    expect(await stateOf(queue, job.id!)).toBe('completed');
    expect((await jobOf(queue, job.id!))?.returnvalue).toBe('ok');
    expect(entries.filter((e) => e.level !== 'log')).toEqual([]);
    await expect(host.enqueue(queue, 'late', {})).rejects.toThrow('closed');
  });

  it('runs a job once when it is enqueued twice with the same id', async () => {
    const queue = queueName('dedupe');
    const seen: unknown[] = [];
    const host = makeHost().register({
      queue,
      process: async (job) => {
        seen.push(job.data);
      },
    });
    // ':' in a part would be refused by BullMQ as is; jobId() encodes it.
    const id = jobId('voucher', 'booking:42', 3);

    const first = await host.enqueue(queue, 'voucher', { version: 3, copy: 'first' }, { jobId: id });
    const second = await host.enqueue(queue, 'voucher', { version: 3, copy: 'second' }, { jobId: id });
    expect([first.id, second.id]).toEqual([id, id]);
    await host.start();
    await waitForState(queue, id, 'completed');
    // Still the same id after completion: the kept job keeps deduplicating.
    await host.enqueue(queue, 'voucher', { version: 3, copy: 'third' }, { jobId: id });
    await sleep(300);

    expect(seen).toEqual([{ version: 3, copy: 'first' }]);
    const inspect = new Queue(queue, { connection, prefix });
    const counts = await inspect.getJobCounts('waiting', 'delayed', 'active', 'completed', 'failed');
    await inspect.close();
    expect(counts).toEqual({ waiting: 0, delayed: 0, active: 0, completed: 1, failed: 0 });
  });
});

describe('jobId', () => {
  it('is deterministic and free of the characters BullMQ refuses', () => {
    expect(jobId('invoice', '3f2a-b1', 7)).toBe('invoice.3f2a-b1.7');
    expect(jobId('invoice', '3f2a-b1', 7)).toBe(jobId('invoice', '3f2a-b1', 7));
    expect(jobId('voucher', 'booking:42', 'ru')).toBe('voucher.booking%3A42.ru');
  });

  it('keeps different parts apart', () => {
    expect(jobId('a.b', 'c')).not.toBe(jobId('a', 'b.c'));
    expect(jobId('a%2Eb')).not.toBe(jobId('a.b'));
    expect(jobId('фото', 1)).toBe('%D1%84%D0%BE%D1%82%D0%BE.1');
  });

  it('refuses ids BullMQ would take for its own numeric ids', () => {
    expect(() => jobId(42)).toThrow('integer');
    expect(() => jobId()).toThrow();
  });
});
