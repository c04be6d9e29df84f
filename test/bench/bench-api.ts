import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import type { Role } from '@tbo/kernel';
import { keepAliveClient } from './keep-alive-client';
import { savedEnv } from './support';

type BenchUser = { email: string; fullName: string; supplierId: number | null };

export interface BenchApi {
  app: INestApplication;
  client: ReturnType<typeof keepAliveClient>;
  /** The Authorization header of a bench user, with an hour's token. */
  auth(roles: Role[], user: BenchUser): Promise<{ authorization: string }>;
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
  return { app, client, close, auth: async (roles, user) => ({ authorization: `Bearer ${await tokenIn(app, roles, user, 3600)}` }) };
}
