import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import type { Knex } from 'knex';
import { createQueueConnection, EVENT_STORE, FsFileStorage, KNEX, loadConfig, WorkerHost, type EventStore, type JobLogger } from '@tbo/kernel';
import { PHOTO_VARIANTS_QUEUE, photoVariantsProcessManager, photoVariantsProcessor } from '@tbo/media';
import { processManagerProjection, ProjectionHost } from '@tbo/read-models';
import { startApi } from './api';

/** Empties and closes a test's queues (under its own prefix), so none of its jobs outlive it. */
export async function dropQueues(connection: Redis, prefix: string, names: readonly string[] = [PHOTO_VARIANTS_QUEUE]): Promise<void> {
  for (const name of names) {
    const queue = new Queue(name, { connection, prefix });
    await queue.obliterate({ force: true }).catch(() => undefined);
    await queue.close();
  }
}

/** A noisy photo (so it compresses like a real one) in the given format. */
export async function photoFile(format: 'jpeg' | 'png' | 'webp' | 'avif', width = 1200, height = 900, options: { orientation?: number } = {}): Promise<Buffer> {
  const noise = await sharp({ create: { width, height, channels: 3, background: '#3a7bd5', noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  let img = sharp(noise);
  if (options.orientation) img = img.withMetadata({ orientation: options.orientation });
  if (format === 'jpeg') return img.jpeg({ quality: 85 }).toBuffer();
  if (format === 'png') return img.png({ compressionLevel: 1 }).toBuffer();
  if (format === 'webp') return img.webp({ quality: 80 }).toBuffer();
  return img.avif({ quality: 50, effort: 0 }).toBuffer();
}

export const base64 = (bytes: Buffer) => bytes.toString('base64');
export const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${bytes.toString('base64')}`;
export const newGuid = () => randomUUID();

/**
 * A queue prefix and a storage folder of one test file's own: the API and the worker it starts share them, no other
 * test file does. `env()` makes the folder (call it once, at start); `storageDir()` is that folder afterwards.
 */
export function photoPlace(name: string): { prefix: string; env(): Promise<Record<string, string>>; storageDir(): string } {
  const prefix = `${process.env.QUEUE_PREFIX ?? 'tbo-test'}-${name}-${randomBytes(4).toString('hex')}`;
  let dir: string | undefined;
  return {
    prefix,
    env: async () => ({ STORAGE_DIR: (dir = await mkdtemp(join(tmpdir(), `tbo-${name}-`))), QUEUE_PREFIX: prefix }),
    storageDir: () => {
      if (!dir) throw new Error('photoPlace(): env() makes the storage folder; call it first');
      return dir;
    },
  };
}

/** The API plus an in-process photo worker (process manager and processor) on the real Redis, with a storage folder and queue prefix of their own. */
export async function startPhotoStack(): Promise<{
  app: INestApplication;
  http: Awaited<ReturnType<typeof startApi>>['http'];
  storageDir: string;
  store: EventStore;
  stop(): Promise<void>;
}> {
  const place = photoPlace('photos');
  const { prefix } = place;
  const { app, http } = await startApi(await place.env());
  const storageDir = place.storageDir();
  const store = app.get<EventStore>(EVENT_STORE);
  const connection: Redis = createQueueConnection(loadConfig().REDIS_URL);
  const quiet: JobLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
  const host = new WorkerHost({ connection, prefix, logger: quiet, defaultJobOptions: { backoff: { type: 'fixed', delay: 100 } } });
  host.register(photoVariantsProcessor({ store, storage: new FsFileStorage(storageDir), concurrency: 2 }));
  await host.start();
  const manager = new ProjectionHost(app.get<Knex>(KNEX), store, [processManagerProjection(photoVariantsProcessManager, host)], { log: () => undefined, warn: () => undefined, error: () => undefined });
  await manager.start();
  return {
    app,
    http,
    storageDir,
    store,
    async stop() {
      await manager.stop();
      await host.close();
      await dropQueues(connection, prefix);
      await connection.quit();
      await app.close();
    },
  };
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until check answers a value (not undefined), or fails after timeoutMs. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
