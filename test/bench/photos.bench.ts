/**
 * (d) Photos processed per second: N JPEG photos (2400 × 1600, noisy like real photos) uploaded
 * through the in-process API (POST /api/photos/upload over HTTP, 4 at a time), variants made by
 * the photo-variants BullMQ processor in this process on the real Redis (concurrency 2, as in the
 * worker), queued by the photo variants process manager as in the worker, until the photo list shows every photo 'ready'. Baseline: sharp making the same three
 * variants (makeVariants) of the same files directly in this process, 2 at a time, same run.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Queue } from 'bullmq';
import type { Knex } from 'knex';
import { createQueueConnection, EVENT_STORE, FsFileStorage, KNEX, loadConfig, WorkerHost, type EventStore } from '@tbo/kernel';
import { makeVariants, PHOTO_VARIANTS_QUEUE, photoVariantsProcessManager, photoVariantsProcessor } from '@tbo/media';
import { processManagerProjection, ProjectionHost } from '@tbo/read-models';
import { registerBenchmark, type BenchContext, type BenchResult } from './registry';
import { compared } from './figures';
import { answerTo } from './keep-alive-client';
import { now, round, savedEnv, sleep } from './support';
import { dropQueues } from '../support/photos';

const PHOTOS = 24;
const DISTINCT = 6;
const CONCURRENCY = 2;
const UPLOADS_AT_ONCE = 4;
/** The list is the measuring instrument: polled often enough for a ~1 % resolution on ~8 s, rarely enough not to steal the CPU the jobs need. */
const POLL_MS = 100;

function post(port: number, path: string, token: string, body: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = http.request(
      { host: '127.0.0.1', port, method: 'POST', path, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      answerTo(resolve, reject),
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<unknown>): Promise<void> {
  let next = 0;
  await Promise.all(Array.from({ length: size }, async () => {
    while (next < items.length) await work(items[next++]!);
  }));
}

async function files(): Promise<Buffer[]> {
  const out: Buffer[] = [];
  for (let i = 0; i < DISTINCT; i++) {
    const noise = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: { r: 40 * i, g: 120, b: 200 - 20 * i }, noise: { type: 'gaussian', mean: 120, sigma: 30 } } })
      .png({ compressionLevel: 1 })
      .toBuffer();
    out.push(await sharp(noise).jpeg({ quality: 85 }).toBuffer());
  }
  return out;
}

async function run(ctx: BenchContext): Promise<BenchResult[]> {
  const storageDir = await mkdtemp(join(tmpdir(), 'tbo-bench-photos-'));
  const prefix = `tbo-bench-photos-${randomBytes(4).toString('hex')}`;
  const saved = savedEnv('API_RUNS_PROJECTIONS', 'QUEUE_PREFIX', 'LOG_LEVEL', 'STORAGE_DIR');
  Object.assign(process.env, { API_RUNS_PROJECTIONS: '1', QUEUE_PREFIX: prefix, LOG_LEVEL: 'error', STORAGE_DIR: storageDir });
  const photos = await files();
  const inputs = Array.from({ length: PHOTOS }, (_, i) => photos[i % DISTINCT]!);
  const mb = round(inputs.reduce((n, b) => n + b.length, 0) / PHOTOS / 1024 / 1024, 2);
  ctx.log(`${PHOTOS} JPEG photos 2400×1600 (~${mb} MB each), ${DISTINCT} distinct`);

  // Baseline: sharp directly, same files, same concurrency; one warm-up first. Taken before and
  // after the API run, and averaged: the machine is shared and its speed drifts within a minute.
  await makeVariants(inputs[0]!);
  const baseline = async () => {
    const b0 = now();
    await inBatches(inputs, CONCURRENCY, (file) => makeVariants(file));
    const secs = (now() - b0) / 1000;
    ctx.log(`sharp directly: ${round(PHOTOS / secs, 2)} photos/s`);
    return secs;
  };
  const baselineBefore = await baseline();

  const { createApp } = await import('../../apps/api/src/create-app');
  const app = await createApp({ logs: false });
  const connection = createQueueConnection(loadConfig().REDIS_URL);
  const host = new WorkerHost({ connection, prefix, logger: { log: () => undefined, warn: () => undefined, error: (l) => ctx.log(l) } });
  const manager = new ProjectionHost(app.get<Knex>(KNEX), app.get<EventStore>(EVENT_STORE), [processManagerProjection(photoVariantsProcessManager, host)], {
    log: () => undefined,
    warn: (m) => ctx.log(m),
    error: (m) => ctx.log(m),
  });
  try {
    await app.listen(0, '127.0.0.1');
    const port = (app.getHttpServer().address() as AddressInfo).port;
    host.register(photoVariantsProcessor({ store: app.get<EventStore>(EVENT_STORE), storage: new FsFileStorage(storageDir), concurrency: CONCURRENCY }));
    await host.start();
    await manager.start();
    const { tokenIn } = await import('../support/api');
    const token = await tokenIn(app, ['admin'], { email: 'bench@example.com', fullName: 'Bench', supplierId: 1 }, 3600);
    const bodies = inputs.map((file) => ({ guid: randomUUID(), data: `data:image/jpeg;base64,${file.toString('base64')}` }));
    const uploadMs: number[] = [];
    const t0 = now();
    await inBatches(bodies, UPLOADS_AT_ONCE, async (body) => {
      const u0 = now();
      const res = await post(port, '/api/photos/upload', token, body);
      if (res.status !== 200) throw new Error(`upload answered ${res.status}: ${res.body.slice(0, 300)}`);
      uploadMs.push(now() - u0);
    });
    const uploaded = now();
    for (;;) {
      const res = await post(port, '/api/photos/list', token, { page: 1 });
      const entities = (JSON.parse(res.body) as { Content: { entities: { status: string }[] } }).Content.entities;
      if (entities.length === PHOTOS && entities.every((p) => p.status === 'ready')) break;
      if (now() - t0 > 300_000) throw new Error('photos not ready after 5 minutes');
      await sleep(POLL_MS);
    }
    const seconds = (now() - t0) / 1000;
    const done = await new Queue(PHOTO_VARIANTS_QUEUE, { connection, prefix }).getCompleted(0, PHOTOS);
    const stages: Record<string, number> = {};
    for (const job of done) for (const [k, v] of Object.entries((job.returnvalue as { ms?: Record<string, number> }).ms ?? {})) stages[k] = (stages[k] ?? 0) + v / done.length;
    for (const k of Object.keys(stages)) stages[k] = round(stages[k]!, 1);
    ctx.log(`job stages, average ms: ${JSON.stringify(stages)}`);
    const rate = PHOTOS / seconds;
    const baselineAfter = await baseline();
    const baselineSeconds = (baselineBefore + baselineAfter) / 2;
    const baselineRate = PHOTOS / baselineSeconds;
    ctx.log(`through the API: ${round(rate, 2)} photos/s (uploads done after ${round((uploaded - t0) / 1000, 2)} s, all ready after ${round(seconds, 2)} s)`);
    return [
      {
        ...compared('photos.processed_per_second', rate, { name: 'sharp makeVariants directly, same files, same concurrency', value: baselineRate }, 'photos/s', { digits: 2 }),
        aim: { metric: 'ratio', op: '>=', value: 0.5 },
        method: `${PHOTOS} uploads (${UPLOADS_AT_ONCE} at a time) through the in-process API over HTTP until the photo list shows all ready; variants by the BullMQ processor in-process on real Redis, concurrency ${CONCURRENCY}; baseline: makeVariants on the same files, ${CONCURRENCY} at a time, run before and after (mean)`,
        details: {
          photos: PHOTOS,
          avgFileMB: mb,
          uploadsDoneSeconds: round((uploaded - t0) / 1000, 2),
          allReadySeconds: round(seconds, 2),
          baselineSecondsBeforeAndAfter: [round(baselineBefore, 2), round(baselineAfter, 2)],
          jobStageMsAvg: stages,
          uploadRoundTripMsAvg: round(uploadMs.reduce((a, b) => a + b, 0) / uploadMs.length, 1),
        },
      },
    ];
  } finally {
    await manager.stop();
    await host.close();
    await dropQueues(connection, prefix);
    await connection.quit();
    await app.close();
    await rm(storageDir, { recursive: true, force: true });
    saved.restore();
  }
}

registerBenchmark({ name: 'photos', description: 'Photos uploaded through the API until all variants are ready, vs sharp making the same variants directly', run });
