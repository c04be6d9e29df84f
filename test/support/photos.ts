import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import { Queue } from 'bullmq';
import type { Redis } from 'ioredis';
import { createQueueConnection, EVENT_STORE, FsFileStorage, loadConfig, WorkerHost, type EventStore, type JobLogger } from '@tbo/kernel';
import { PHOTO_VARIANTS_QUEUE, photoVariantsProcessor } from '@tbo/media';
import { startApi } from './api';

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

/** The API plus an in-process photo worker on the real Redis, with a storage folder and queue prefix of their own. */
export async function startPhotoStack(): Promise<{
  app: INestApplication;
  http: Awaited<ReturnType<typeof startApi>>['http'];
  storageDir: string;
  store: EventStore;
  stop(): Promise<void>;
}> {
  const storageDir = await mkdtemp(join(tmpdir(), 'tbo-photos-'));
  const prefix = `${process.env.QUEUE_PREFIX ?? 'tbo-test'}-photos-${randomBytes(4).toString('hex')}`;
  const { app, http } = await startApi({ STORAGE_DIR: storageDir, QUEUE_PREFIX: prefix });
  const store = app.get<EventStore>(EVENT_STORE);
  const connection: Redis = createQueueConnection(loadConfig().REDIS_URL);
  const quiet: JobLogger = { log: () => undefined, warn: () => undefined, error: () => undefined };
  const host = new WorkerHost({ connection, prefix, logger: quiet, defaultJobOptions: { backoff: { type: 'fixed', delay: 100 } } });
  host.register(photoVariantsProcessor({ store, storage: new FsFileStorage(storageDir), concurrency: 2 }));
  await host.start();
  return {
    app,
    http,
    storageDir,
    store,
    async stop() {
      await host.close();
      const queue = new Queue(PHOTO_VARIANTS_QUEUE, { connection, prefix });
      await queue.obliterate({ force: true }).catch(() => undefined);
      await queue.close();
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
