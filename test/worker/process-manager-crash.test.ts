import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createQueueConnection, loadConfig } from '@tbo/kernel';
import { PHOTO_VARIANTS_QUEUE, photoStream, photoVariantsJobId, photoVariantsProcessManager, type PhotoVariantsJob } from '@tbo/media';
import { processManagerProjectionName } from '@tbo/read-models';
import { WorkerRuntime } from '../../apps/worker/src/worker-runtime';
import { apiSuite, bearer, tokenFor } from '../support/api';
import { lineFrom } from '../support/child-lines';
import { base64, dropQueues, eventually, newGuid, photoFile, photoPlace } from '../support/photos';

const root = join(__dirname, '..', '..');

/**
 * The worker is killed -9 while its process manager handles PhotoUploaded: after the event was
 * read and projected, before the transaction that moves the checkpoint commits, on either side of
 * the add to the queue. A fresh worker must then queue the job (nothing lost) under the same id
 * (nothing queued twice), and the variants appear.
 */
describe('process manager: a worker killed between projecting the event and queueing the job', () => {
  const place = photoPlace('pm-crash');
  const { prefix } = place;
  const api = apiSuite(place.env);
  let connection: Redis;
  let queue: Queue;
  let child: ChildProcess | null = null;
  let runtime: WorkerRuntime | null = null;
  let editor: Record<string, string>;

  beforeAll(async () => {
    editor = bearer(await tokenFor(['editor'], { supplierId: 600_000 + Math.floor(Math.random() * 100_000) }));
    connection = createQueueConnection(loadConfig().REDIS_URL);
    queue = new Queue(PHOTO_VARIANTS_QUEUE, { connection, prefix });
  });

  afterEach(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await runtime?.stop();
    runtime = null;
  });

  afterAll(async () => {
    await dropQueues(connection, prefix, [PHOTO_VARIANTS_QUEUE, 'maintenance']);
    await queue.close();
    await connection.quit();
  });

  /** Whether the process manager's committed checkpoint has passed the position. */
  async function handled(position: string): Promise<boolean> {
    const gen = await api.db('projection_generations').where({ name: processManagerProjectionName(photoVariantsProcessManager.name), status: 'live' }).first();
    return !!gen && api.store.comparePositions(gen.checkpoint, position) >= 0;
  }

  /** Every job of the queue (whatever its id or state) for the photo. */
  async function jobsFor(photoId: number) {
    const all = await queue.getJobs(['waiting', 'active', 'delayed', 'prioritized', 'completed', 'failed']);
    return all.filter((job) => (job.data as PhotoVariantsJob).photoId === photoId);
  }

  it.each([
    ['before-add', 'PROJECTED'],
    ['after-add', 'QUEUED'],
  ] as const)('killed %s: a fresh worker queues exactly one job and the variants appear', async (window, says) => {
    const res = await api.http.post('/api/photos/upload').set(editor).send({ guid: newGuid(), data: base64(await photoFile('jpeg', 600, 400)) });
    expect(res.status).toBe(200);
    const id: number = res.body.Content.id;
    const store = api.store;
    const uploaded = (await store.readStream(photoStream(id)))[0]!;

    child = spawn(process.execPath, ['-r', './scripts/register.js', 'test/worker/process-manager-crash.child.ts'], {
      cwd: root,
      env: { ...process.env, QUEUE_PREFIX: prefix, CRASH_PHOTO_ID: String(id), CRASH_WINDOW: window },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    expect(await lineFrom(child, says)).toBe(`${says} ${id}`);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    // The transaction died with the process: the event is still unhandled.
    expect(await handled(uploaded.position)).toBe(false);
    const before = await jobsFor(id);
    expect(before.map((j) => j.id)).toEqual(window === 'before-add' ? [] : [photoVariantsJobId(id)]);

    runtime = new WorkerRuntime(loadConfig());
    await runtime.start();
    const ready = await eventually(async () => {
      const p = (await api.http.post('/api/photos/list').set(editor).send({})).body.Content.entities.find((e: { id: number }) => e.id === id);
      return p?.status === 'ready' ? p : undefined;
    }, 45_000, 'the variants');
    expect((await api.http.get(ready.urlSmall)).status).toBe(200);

    const after = await jobsFor(id);
    expect(after.map((j) => j.id)).toEqual([photoVariantsJobId(id)]);
    // After the add, the fresh worker's add of the same id was ignored: it is the killed worker's job.
    if (window === 'after-add') expect(after[0]!.timestamp).toBe(before[0]!.timestamp);
    expect((await store.readStream(photoStream(id))).map((e) => e.type)).toEqual(['PhotoUploaded', 'PhotoVariantsCreated']);
    expect(await handled(uploaded.position)).toBe(true);
  }, 120_000);
});
