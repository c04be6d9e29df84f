import type { INestApplication } from '@nestjs/common';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { createQueueConnection, EVENT_STORE, FsFileStorage, KNEX, loadConfig, UnrecoverableError, WorkerHost, type EventStore, type JobLogger } from '@tbo/kernel';
import { photoVariantsProcessManager, photoVariantsProcessor } from '@tbo/media';
import { processManagerProjection, ProjectionHost } from '@tbo/read-models';
import { bearer, startApi, tokenFor, type Http } from '../support/api';
import { base64, dropQueues, eventually, newGuid, photoFile, photoPlace } from '../support/photos';

/**
 * A photo whose variants job fails for good is marked failed (PhotoVariantsFailed), so it stops being 'processing'
 * forever: an UnrecoverableError at once, any other error on the job's last attempt, never on an attempt BullMQ
 * will retry.
 */
describe('photos: a variants job that fails for good', () => {
  const supplierId = 300_000 + Math.floor(Math.random() * 100_000);
  /** What the worker throws for a photo, by the file's title: how many attempts, and what. */
  const failures = new Map<string, { times: number; error: () => Error }>();
  const attempts = new Map<number, number>();
  let app: INestApplication;
  let http: Http;
  let connection: Redis;
  let host: WorkerHost;
  let manager: ProjectionHost;
  let prefix: string;
  let store: EventStore;
  let editor: Record<string, string>;

  beforeAll(async () => {
    const place = photoPlace('photos-failed');
    prefix = place.prefix;
    ({ app, http } = await startApi(await place.env()));
    store = app.get<EventStore>(EVENT_STORE);
    connection = createQueueConnection(loadConfig().REDIS_URL);
    const quiet: JobLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
    const titles = new Map<number, string>();
    host = new WorkerHost({ connection, prefix, logger: quiet, defaultJobOptions: { attempts: 3, backoff: { type: 'fixed', delay: 50 } } });
    host.register(
      photoVariantsProcessor({
        store,
        storage: new FsFileStorage(place.storageDir()),
        concurrency: 2,
        async onVariantWritten(photoId) {
          if (!titles.has(photoId)) {
            const events = await store.readStream(`photo-${photoId}`);
            titles.set(photoId, String((events.find((e) => e.type === 'PhotoDetailsChanged')?.data as { title?: string } | undefined)?.title ?? ''));
          }
          const failure = failures.get(titles.get(photoId)!);
          const n = (attempts.get(photoId) ?? 0) + 1;
          attempts.set(photoId, n);
          if (failure && n <= failure.times) throw failure.error();
        },
      }),
    );
    await host.start();
    manager = new ProjectionHost(app.get<Knex>(KNEX), store, [processManagerProjection(photoVariantsProcessManager, host)], { log: () => undefined, warn: () => undefined, error: () => undefined });
    await manager.start();
    editor = bearer(await tokenFor(['editor'], { supplierId }));
  });
  afterAll(async () => {
    await manager.stop();
    await host.close();
    await dropQueues(connection, prefix);
    await connection.quit();
    await app.close();
  });

  const upload = async (title: string): Promise<number> => {
    const res = await http.post('/api/photos/upload').set(editor).send({ guid: newGuid(), data: base64(await photoFile('png', 64, 48)), title });
    expect(res.status).toBe(200);
    expect(res.body.Content.status).toBe('processing');
    return res.body.Content.id as number;
  };
  const listed = async (id: number) =>
    ((await http.post('/api/photos/list').set(editor).send({ page: 1 })).body.Content.entities as { id: number; status: string; urlSmall: string | null }[]).find((p) => p.id === id);
  const settled = (id: number) => eventually(async () => ((s) => (s && s.status !== 'processing' ? s : undefined))(await listed(id)), 30_000, `photo ${id} settled`);
  const failedEvents = async (id: number) => (await store.readStream(`photo-${id}`)).filter((e) => e.type === 'PhotoVariantsFailed');

  it('an error on every attempt: after the last one the photo is failed, with the reason in its stream', async () => {
    failures.set('always-fails.png', { times: 99, error: () => new Error('disk full') });
    const id = await upload('always-fails.png');
    const photo = await settled(id);
    expect(photo).toMatchObject({ status: 'failed', urlSmall: null });
    expect(attempts.get(id)).toBe(3);
    const events = await failedEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]!.data).toEqual({ id, supplierId, reason: 'disk full' });
  });

  it('an unrecoverable error fails the photo at once', async () => {
    failures.set('unrecoverable.png', { times: 99, error: () => new UnrecoverableError('the original cannot be decoded') });
    const id = await upload('unrecoverable.png');
    expect(await settled(id)).toMatchObject({ status: 'failed' });
    expect(attempts.get(id)).toBe(1);
    expect((await failedEvents(id))[0]!.data).toMatchObject({ reason: 'the original cannot be decoded' });
  });

  it('an error on an attempt that is retried marks nothing: the photo becomes ready', async () => {
    failures.set('fails-twice.png', { times: 2, error: () => new Error('busy') });
    const id = await upload('fails-twice.png');
    const photo = await settled(id);
    expect(photo).toMatchObject({ status: 'ready', urlSmall: expect.stringMatching(`^/api/photos/${id}/small`) });
    expect(await failedEvents(id)).toEqual([]);
  });
});
