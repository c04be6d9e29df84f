import { spawn, type ChildProcess } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createQueueConnection, FsFileStorage, loadConfig, WorkerHost } from '@tbo/kernel';
import { PHOTO_VARIANTS_QUEUE, photoStream, photoVariantsProcessor } from '@tbo/media';
import { apiSuite, bearer, tokenFor } from '../support/api';
import { lineFrom } from '../support/child-lines';
import { base64, dropQueues, eventually, newGuid, photoFile, photoPlace } from '../support/photos';

const root = join(__dirname, '..', '..');

describe('photo variants: a worker killed mid-job', () => {
  const place = photoPlace('photo-crash');
  const { prefix } = place;
  const api = apiSuite(place.env);
  let connection: Redis;
  let child: ChildProcess | null = null;
  let host: WorkerHost | null = null;
  const supplierId = 400_000 + Math.floor(Math.random() * 100_000);
  let editor: Record<string, string>;

  beforeAll(async () => {
    editor = bearer(await tokenFor(['editor'], { supplierId }));
    connection = createQueueConnection(loadConfig().REDIS_URL);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await host?.close();
    await dropQueues(connection, prefix);
    await connection.quit();
  });

  it('leaves no half-written set served, and the retry makes exactly one set that serves', async () => {
    const res = await api.http.post('/api/photos/upload').set(editor).send({ guid: newGuid(), data: base64(await photoFile('jpeg', 3000, 2000)) });
    expect(res.status).toBe(200);
    const id: number = res.body.Content.id;
    const folder = join(place.storageDir(), 'photos', String(supplierId), String(id));

    // 1. A worker process queues the job (its process manager) and takes it, and is killed -9 after two of three files.
    child = spawn(process.execPath, ['-r', './scripts/register.js', 'test/worker/photo-variants-crash.child.ts'], {
      cwd: root,
      env: { ...process.env, STORAGE_DIR: place.storageDir(), QUEUE_PREFIX: prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    expect(await lineFrom(child, 'HALFWAY')).toBe(`HALFWAY ${id}`);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    // Two complete files, no temp file, no event: the photo is still processing and has no URLs.
    expect((await readdir(folder)).sort()).toEqual(['big.webp', 'medium.webp', 'original']);
    const store = api.store;
    expect((await store.readStream(photoStream(id))).map((e) => e.type)).toEqual(['PhotoUploaded']);
    const list = async () => (await api.http.post('/api/photos/list').set(editor).send({})).body.Content.entities[0];
    expect(await list()).toMatchObject({ id, status: 'processing', urlBig: null, urlMedium: null, urlSmall: null });
    expect((await api.http.get(`/api/photos/${id}/big`)).status).toBe(404);

    // 2. Another worker picks the stalled job up once its lock expires and finishes it.
    host = new WorkerHost({
      connection,
      prefix,
      logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
      workerOptions: { lockDuration: 2000, stalledInterval: 1000 },
    });
    host.register(photoVariantsProcessor({ store, storage: new FsFileStorage(place.storageDir()) }));
    await host.start();
    const ready = await eventually(async () => {
      const p = await list();
      return p.status === 'ready' ? p : undefined;
    }, 45_000, 'the retried job');

    // Exactly one set of variants and one PhotoVariantsCreated.
    expect((await readdir(folder)).sort()).toEqual(['big.webp', 'medium.webp', 'original', 'small.webp']);
    expect((await store.readStream(photoStream(id))).map((e) => e.type)).toEqual(['PhotoUploaded', 'PhotoVariantsCreated']);
    for (const url of [ready.urlBig, ready.urlMedium, ready.urlSmall]) {
      const img = await api.http.get(url);
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
    }

    // Queued again under another id (a job from before deterministic ids, a manual retry): nothing changes.
    const queue = new Queue(PHOTO_VARIANTS_QUEUE, { connection, prefix });
    const again = `photo-variants.${id}-again`;
    await queue.add('photo-variants', { photoId: id }, { jobId: again });
    await eventually(async () => ((await queue.getJobState(again)) === 'completed' ? true : undefined), 20_000, 'second job');
    await queue.close();
    expect((await store.readStream(photoStream(id))).map((e) => e.type)).toEqual(['PhotoUploaded', 'PhotoVariantsCreated']);
    expect((await readdir(folder)).sort()).toEqual(['big.webp', 'medium.webp', 'original', 'small.webp']);
  }, 120_000);
});
