import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { Knex } from 'knex';
import { EVENT_STORE, KNEX, type EventStore, type Role } from '@tbo/kernel';
import { randomBytes } from 'node:crypto';
import type { Pool } from 'pg';
import { keepAliveClient, ok } from './keep-alive-client';
import { benchPool, savedEnv } from './support';

type BenchUser = { email: string; fullName: string; supplierId: number | null };

export interface BenchApi {
  app: INestApplication;
  client: ReturnType<typeof keepAliveClient>;
  /** The app's own database handle and event store (what the benchmarks fill and time directly). */
  db: Knex;
  store: EventStore;
  /** The Authorization header of a bench user, with an hour's token. */
  auth(roles: Role[], user: BenchUser): Promise<{ authorization: string }>;
  /** POSTs `body` over the client as `headers`' user: the answer's Content, or an error naming the route. */
  post<T>(path: string, headers: Record<string, string>, body: unknown): Promise<T>;
  /** Closes the client and the app, and puts the environment back. */
  close(): Promise<void>;
}

/**
 * The API in this process, listening on a free 127.0.0.1 port, with its projections in-process, errors logged only
 * and its queues under `queuePrefix`; one keep-alive client to it. The app and the token helper are imported after
 * the environment is set, as the config is read when they load.
 */
export async function startBenchApi(queuePrefix: string): Promise<BenchApi> {
  const saved = savedEnv('API_RUNS_PROJECTIONS', 'QUEUE_PREFIX', 'LOG_LEVEL');
  Object.assign(process.env, { API_RUNS_PROJECTIONS: '1', QUEUE_PREFIX: queuePrefix, LOG_LEVEL: 'error' });
  const { createApp } = await import('../../apps/api/src/create-app');
  const app = await createApp({ logs: false });
  let client: ReturnType<typeof keepAliveClient> | null = null;
  const close = async () => {
    client?.close();
    await app.close();
    saved.restore();
  };
  try {
    await app.listen(0, '127.0.0.1');
    client = keepAliveClient((app.getHttpServer().address() as AddressInfo).port);
  } catch (err) {
    await close();
    throw err;
  }
  const { tokenIn } = await import('../support/api');
  const open = client;
  return {
    app,
    client,
    db: app.get<Knex>(KNEX),
    store: app.get<EventStore>(EVENT_STORE),
    close,
    auth: async (roles, user) => ({ authorization: `Bearer ${await tokenIn(app, roles, user, 3600)}` }),
    post: async <T>(path: string, headers: Record<string, string>, body: unknown) => ok<T>(await open.send('POST', path, headers, body), `POST ${path}`),
  };
}

/**
 * A latency benchmark's frame: the API in this process (its queues under `tbo-bench-<name>-<random>`) and a small
 * pool of its own on the bench database for the direct statements the API is compared with; both closed after.
 */
export async function withBenchApi<T>(databaseUrl: string, name: string, run: (api: BenchApi, pool: Pool) => Promise<T>): Promise<T> {
  const api = await startBenchApi(`tbo-bench-${name}-${randomBytes(4).toString('hex')}`);
  const pool = benchPool(databaseUrl, 2);
  try {
    return await run(api, pool);
  } finally {
    await pool.end().catch(() => undefined);
    await api.close();
  }
}
