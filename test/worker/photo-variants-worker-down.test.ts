import { Queue } from 'bullmq';
import { createQueueConnection, loadConfig } from '@tbo/kernel';
import { PHOTO_VARIANTS_QUEUE, photoVariantsJobId } from '@tbo/media';
import { WorkerRuntime } from '../../apps/worker/src/worker-runtime';
import { apiSuite, bearer, tokenFor } from '../support/api';
import { base64, dropQueues, eventually, newGuid, photoFile, photoPlace, sleep } from '../support/photos';

describe('photo variants: a photo uploaded while the worker was down', () => {
  const place = photoPlace('photo-worker-down');
  const { prefix } = place;
  const api = apiSuite(place.env);
  let runtime: WorkerRuntime | null = null;
  let editor: Record<string, string>;
  const connection = createQueueConnection(loadConfig().REDIS_URL);

  beforeAll(async () => {
    editor = bearer(await tokenFor(['editor'], { supplierId: 500_000 + Math.floor(Math.random() * 100_000) }));
  });

  afterAll(async () => {
    await runtime?.stop();
    await dropQueues(connection, prefix, [PHOTO_VARIANTS_QUEUE, 'maintenance']);
    await connection.quit();
  });

  it('gets its variants when the worker starts', async () => {
    const res = await api.http.post('/api/photos/upload').set(editor).send({ guid: newGuid(), data: base64(await photoFile('webp', 400, 300)) });
    expect(res.body.Content.status).toBe('processing');
    const id: number = res.body.Content.id;
    // The API queues nothing itself: with no worker running, there is no job yet.
    const queue = new Queue(PHOTO_VARIANTS_QUEUE, { connection, prefix });
    await sleep(500);
    expect(await queue.getJob(photoVariantsJobId(id))).toBeUndefined();

    runtime = new WorkerRuntime(loadConfig());
    await runtime.start();
    const photo = await eventually(async () => {
      const p = (await api.http.post('/api/photos/list').set(editor).send({})).body.Content.entities[0];
      return p?.status === 'ready' ? p : undefined;
    }, 30_000, 'the photo uploaded while the worker was down');
    expect(photo.id).toBe(id);
    expect((await api.http.get(photo.urlSmall)).status).toBe(200);
    expect(await queue.getJobState(photoVariantsJobId(id))).toBe('completed');
    await queue.close();
  });
});
