import type { Knex } from 'knex';
import type { EventStore } from '@tbo/kernel';
import { apiSuite, type ApiSuite } from './api';
import { photoPlace } from './photos';

/** What an in-process worker of a test starts on: the app's store and database, the file's place, its suppliers. */
export interface WorkerDeps {
  store: EventStore;
  db: Knex;
  storageDir: string;
  prefix: string;
  suppliers: readonly number[];
}

/**
 * apiSuite() on a storage folder and queue prefix of its own (photoPlace), with a worker in this process that the file
 * starts from its beforeAll once the suppliers it serves exist. The worker's afterAll is registered before apiSuite's,
 * so it stops while the app's database is still open.
 */
export function apiWithWorker(name: string, start: (deps: WorkerDeps) => Promise<{ stop(): Promise<void> }>): { api: ApiSuite; startWorker(suppliers: readonly number[]): Promise<void> } {
  const place = photoPlace(name);
  let worker: { stop(): Promise<void> } | undefined;
  afterAll(async () => {
    await worker?.stop();
  });
  const api = apiSuite(place.env);
  return {
    api,
    async startWorker(suppliers) {
      worker = await start({ store: api.store, db: api.db, storageDir: place.storageDir(), prefix: place.prefix, suppliers });
    },
  };
}
