import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import { Queue } from 'bullmq';
import { createQueueConnection, loadConfig } from '@tbo/kernel';
import { PHOTO_VARIANTS_QUEUE } from '@tbo/media';
import { WorkerRuntime } from '../../apps/worker/src/worker-runtime';
import { bearer, startApi, tokenFor } from '../support/api';
import { base64, eventually, newGuid, photoFile } from '../support/photos';

describe('photo variants: the worker sweeps photos whose job was lost', () => {
  let app: INestApplication;
  let http: Awaited<ReturnType<typeof startApi>>['http'];
  let runtime: WorkerRuntime | null = null;
  const prefix = `${process.env.QUEUE_PREFIX ?? 'tbo-test'}-sweep-${randomBytes(4).toString('hex')}`;
  const editor = bearer(tokenFor(['editor'], { supplierId: 500_000 + Math.floor(Math.random() * 100_000) }));
  const connection = createQueueConnection(loadConfig().REDIS_URL);

  beforeAll(async () => {
    const storageDir = await mkdtemp(join(tmpdir(), 'tbo-photo-sweep-'));
    ({ app, http } = await startApi({ STORAGE_DIR: storageDir, QUEUE_PREFIX: prefix }));
  });

  afterAll(async () => {
    await runtime?.stop();
    for (const name of [PHOTO_VARIANTS_QUEUE, 'maintenance']) {
      const queue = new Queue(name, { connection, prefix });
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
    }
    await connection.quit();
    await app.close();
  });

  it('a photo uploaded while its job was lost gets its variants when the worker starts', async () => {
    const res = await http.post('/api/photos/upload').set(editor).send({ guid: newGuid(), data: base64(await photoFile('webp', 400, 300)) });
    expect(res.body.Content.status).toBe('processing');
    // The job the API enqueued is lost (Redis flushed, say).
    const queue = new Queue(PHOTO_VARIANTS_QUEUE, { connection, prefix });
    await queue.obliterate({ force: true });
    await queue.close();

    runtime = new WorkerRuntime(loadConfig());
    await runtime.start();
    const photo = await eventually(async () => {
      const p = (await http.post('/api/photos/list').set(editor).send({})).body.Content.entities[0];
      return p?.status === 'ready' ? p : undefined;
    }, 30_000, 'the swept photo');
    expect(photo.id).toBe(res.body.Content.id);
    expect((await http.get(photo.urlSmall)).status).toBe(200);
  });
});
