import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createQueueConnection, EVENT_STORE, FsFileStorage, loadConfig, WorkerHost, type EventStore } from '@tbo/kernel';
import { PHOTO_VARIANTS_QUEUE, photoStream, photoVariantsProcessor } from '@tbo/media';
import { bearer, startApi, tokenFor } from '../support/api';
import { base64, eventually, newGuid, photoFile } from '../support/photos';

const root = join(__dirname, '..', '..');

/** Waits for a line starting with `prefix` on the child's stdout. */
function lineFrom(child: ChildProcess, prefix: string, timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`child did not say ${prefix}`)), timeoutMs);
    child.stdout!.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const line = buffered.split('\n').find((l) => l.startsWith(prefix));
      if (line) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    child.on('exit', (code) => reject(new Error(`child exited (${code}) before ${prefix}`)));
  });
}

describe('photo variants: a worker killed mid-job', () => {
  let app: INestApplication;
  let http: Awaited<ReturnType<typeof startApi>>['http'];
  let storageDir: string;
  let prefix: string;
  let connection: Redis;
  let child: ChildProcess | null = null;
  let host: WorkerHost | null = null;
  const supplierId = 400_000 + Math.floor(Math.random() * 100_000);
  const editor = bearer(tokenFor(['editor'], { supplierId }));

  beforeAll(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'tbo-photo-crash-'));
    prefix = `${process.env.QUEUE_PREFIX ?? 'tbo-test'}-crash-${randomBytes(4).toString('hex')}`;
    ({ app, http } = await startApi({ STORAGE_DIR: storageDir, QUEUE_PREFIX: prefix }));
    connection = createQueueConnection(loadConfig().REDIS_URL);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    await host?.close();
    const queue = new Queue(PHOTO_VARIANTS_QUEUE, { connection, prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
    await connection.quit();
    await app.close();
  });

  it('leaves no half-written set served, and the retry makes exactly one set that serves', async () => {
    const res = await http.post('/api/photos/upload').set(editor).send({ guid: newGuid(), data: base64(await photoFile('jpeg', 3000, 2000)) });
    expect(res.status).toBe(200);
    const id: number = res.body.Content.id;
    const folder = join(storageDir, 'photos', String(supplierId), String(id));

    // 1. A worker process takes the job (the API enqueued it) and is killed -9 after two of three files.
    child = spawn(process.execPath, ['-r', './scripts/register.js', 'test/worker/photo-variants-crash.child.ts'], {
      cwd: root,
      env: { ...process.env, STORAGE_DIR: storageDir, QUEUE_PREFIX: prefix },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    expect(await lineFrom(child, 'HALFWAY')).toBe(`HALFWAY ${id}`);
    child.kill('SIGKILL');
    await new Promise((resolve) => child!.once('exit', resolve));

    // Two complete files, no temp file, no event: the photo is still processing and has no URLs.
    expect((await readdir(folder)).sort()).toEqual(['big.webp', 'medium.webp', 'original']);
    const store = app.get<EventStore>(EVENT_STORE);
    expect((await store.readStream(photoStream(id))).map((e) => e.type)).toEqual(['PhotoUploaded']);
    const list = async () => (await http.post('/api/photos/list').set(editor).send({})).body.Content.entities[0];
    expect(await list()).toMatchObject({ id, status: 'processing', urlBig: null, urlMedium: null, urlSmall: null });
    expect((await http.get(`/api/photos/${id}/big`)).status).toBe(404);

    // 2. Another worker picks the stalled job up once its lock expires and finishes it.
    host = new WorkerHost({
      connection,
      prefix,
      logger: { log: () => undefined, warn: () => undefined, error: () => undefined },
      workerOptions: { lockDuration: 2000, stalledInterval: 1000 },
    });
    host.register(photoVariantsProcessor({ store, storage: new FsFileStorage(storageDir) }));
    await host.start();
    const ready = await eventually(async () => {
      const p = await list();
      return p.status === 'ready' ? p : undefined;
    }, 45_000, 'the retried job');

    // Exactly one set of variants and one PhotoVariantsCreated.
    expect((await readdir(folder)).sort()).toEqual(['big.webp', 'medium.webp', 'original', 'small.webp']);
    expect((await store.readStream(photoStream(id))).map((e) => e.type)).toEqual(['PhotoUploaded', 'PhotoVariantsCreated']);
    for (const url of [ready.urlBig, ready.urlMedium, ready.urlSmall]) {
      const img = await http.get(url);
      expect(img.status).toBe(200);
      expect(img.headers['content-type']).toBe('image/webp');
    }

    // Enqueued again (a sweep, a redelivery): nothing changes.
    const queue = new Queue(PHOTO_VARIANTS_QUEUE, { connection, prefix });
    await queue.add('photo-variants', { photoId: id }, { jobId: `photo-variants.${id}-again` });
    await eventually(async () => (((await queue.getJobCounts('completed')).completed ?? 0) >= 2 ? true : undefined), 20_000, 'second job');
    await queue.close();
    expect((await store.readStream(photoStream(id))).map((e) => e.type)).toEqual(['PhotoUploaded', 'PhotoVariantsCreated']);
    expect((await readdir(folder)).sort()).toEqual(['big.webp', 'medium.webp', 'original', 'small.webp']);
  }, 120_000);
});
