import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { z } from 'zod';
import { EventSchemaRegistry } from '@tbo/event-schemas';
import { createQueueConnection, jobId, loadConfig, WorkerHost, type JobLogger } from '@tbo/kernel';
import { defineProcessManager, processManagerProjection, ProjectionHost, type JobQueue } from '@tbo/read-models';
import { liveGeneration, openKnex, openStore, parkedRows, RecordingLogger, sleep, testMetadata, uniqueTag, waitFor, waitForCheckpoint } from './projection-test-kit';

/**
 * A process manager queues one job per handled event, under the job id the event decides, from
 * the projection runner: replaying an event (a crash before the checkpoint commits) adds nothing,
 * and a queue that cannot be reached is retried, never blamed on the event.
 */

const tag = uniqueTag();
const TYPE = `ProcessProbeRecorded${tag}`;
const QUEUE = `pm-probe-${tag}`;
const registry = new EventSchemaRegistry().register({
  type: TYPE,
  version: 1,
  schema: z.object({ n: z.number().int(), wantsJob: z.boolean() }),
  example: { n: 1, wantsJob: true },
});

const manager = defineProcessManager({
  name: `probe_${tag}`,
  handles: [TYPE],
  jobFor(event) {
    const { n, wantsJob } = event.data as { n: number; wantsJob: boolean };
    return wantsJob ? { queue: QUEUE, name: 'probe', jobId: jobId('probe', n), data: { n } } : null;
  },
});
const projectionName = `pm_probe_${tag}`;

describe('process manager', () => {
  const storeHandle = openStore(registry, { max: 4, applicationName: `pm-store-${tag}` });
  const db = openKnex(`pm-runner-${tag}`, 4);
  const prefix = `${process.env.QUEUE_PREFIX ?? 'tbo-test'}-pm-${randomBytes(4).toString('hex')}`;
  const connection = createQueueConnection(loadConfig().REDIS_URL);
  const quiet: JobLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
  const jobs = new WorkerHost({ connection, prefix, logger: quiet });
  const queue = new Queue(QUEUE, { connection, prefix });
  let next = 0;

  const append = async (wantsJob = true) => {
    const n = next++;
    const res = await storeHandle.store.appendToStream(`pmprobe${tag}-${n}`, [{ type: TYPE, data: { n, wantsJob } }], { expectedRevision: 'no_stream', metadata: testMetadata() });
    return { n, position: res.position as string };
  };
  const jobsInQueue = async () => (await queue.getJobs(['waiting', 'delayed', 'prioritized', 'active', 'completed', 'failed'])).map((j) => ({ id: j.id, data: j.data, timestamp: j.timestamp }));

  afterAll(async () => {
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await jobs.close();
    await connection.quit();
    await db.destroy();
    await storeHandle.close();
  });

  it('queues one job per event under its id, and a replayed event adds none', async () => {
    const host = new ProjectionHost(db, storeHandle.store, [processManagerProjection(manager, jobs)], new RecordingLogger(), { pollMs: 100 });
    const a = await append();
    await append(false);
    const b = await append();
    await host.catchUp();
    const first = await jobsInQueue();
    expect(first.map((j) => j.id).sort()).toEqual([jobId('probe', a.n), jobId('probe', b.n)].sort());

    // As a crash after the adds but before the checkpoint's commit leaves it: the same events again.
    await db('projection_generations').where({ name: projectionName, status: 'live' }).update({ checkpoint: null });
    await host.catchUp();
    expect(await jobsInQueue()).toEqual(first);
    expect(await parkedRows(db, projectionName)).toEqual([]);
  });

  it('retries a batch while the queue cannot be reached, and queues the job once it can', async () => {
    // Nothing listens on port 1: ioredis keeps the add waiting, the process manager gives up after 200 ms.
    const unreachable = createQueueConnection('redis://127.0.0.1:1', { retryStrategy: () => 100 });
    unreachable.on('error', () => undefined);
    const down = new WorkerHost({ connection: unreachable, prefix, logger: quiet });
    let current: JobQueue = down;
    const switchable: JobQueue = { enqueue: (...args) => current.enqueue(...args) };
    const logger = new RecordingLogger();
    const host = new ProjectionHost(db, storeHandle.store, [processManagerProjection(manager, switchable, { addTimeoutMs: 200 })], logger, { pollMs: 50 });
    await host.start();
    try {
      const c = await append();
      await waitFor('two transient retries', async () => logger.entries.filter((e) => e.message.includes('transient') && String(e.meta?.error).includes(jobId('probe', c.n))).length >= 2);
      const gen = await liveGeneration(db, projectionName);
      expect(storeHandle.store.comparePositions(gen!.checkpoint, c.position)).toBeLessThan(0);
      expect(await parkedRows(db, projectionName)).toEqual([]);
      expect((await jobsInQueue()).map((j) => j.id)).not.toContain(jobId('probe', c.n));

      current = jobs;
      await waitForCheckpoint(db, storeHandle.store, projectionName, c.position);
      expect((await jobsInQueue()).filter((j) => j.id === jobId('probe', c.n))).toHaveLength(1);
      expect(await parkedRows(db, projectionName)).toEqual([]);
      expect(logger.count('error')).toBe(0);
    } finally {
      await host.stop();
      unreachable.disconnect();
      await Promise.race([down.close(), sleep(1000)]);
    }
  });
});
