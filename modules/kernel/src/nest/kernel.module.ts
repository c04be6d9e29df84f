import { Global, Inject, Logger, Module, type OnApplicationShutdown } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { Pool } from 'pg';
import { createEventRegistry, type EventSchemaRegistry } from '@tbo/event-schemas';
import { loadConfig, type AppConfig } from '../config/app-config';
import { createKnex } from '../db/knex.factory';
import { CommandRunner } from '../decider/command-runner';
import { UniqueNames } from '../unique-names/unique-names';
import { EsdbEventStore } from '../event-store/esdb-event-store';
import type { EventStore } from '../event-store/event-store.port';
import { PostgresEventStore } from '../event-store/postgres-event-store';
import { IdGenerator } from '../ids/id-generator';
import { APP_CONFIG, EVENT_REGISTRY, EVENT_STORE, KNEX, PG_POOL } from './tokens';

export function createEventStore(config: AppConfig, pool: Pool, registry: EventSchemaRegistry): EventStore {
  const log = new Logger('EventStore');
  const onError = (err: unknown) => log.warn(`background: ${(err as Error).message}`);
  if (config.EVENT_STORE === 'esdb') return EsdbEventStore.fromConnectionString(config.ESDB_URL!, registry, { onError });
  return new PostgresEventStore(pool, registry, config.DATABASE_URL, onError);
}

/** The shared services every context module uses: config, database, event store, ids, command runner. */
@Global()
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [
    { provide: APP_CONFIG, useFactory: () => loadConfig() },
    {
      provide: PG_POOL,
      inject: [APP_CONFIG],
      useFactory: (c: AppConfig) => {
        const pool = new Pool({ connectionString: c.DATABASE_URL, max: c.DATABASE_POOL_MAX, application_name: 'tbo-store' });
        // An idle connection the server drops (restart, terminate) must not crash the process; the pool replaces it.
        pool.on('error', (err) => new Logger('Postgres').warn(`idle connection lost: ${err.message}`));
        return pool;
      },
    },
    { provide: KNEX, inject: [APP_CONFIG], useFactory: (c: AppConfig) => createKnex(c.DATABASE_URL, { poolMax: c.DATABASE_POOL_MAX }) },
    { provide: EVENT_REGISTRY, useFactory: () => createEventRegistry() },
    { provide: EVENT_STORE, inject: [APP_CONFIG, PG_POOL, EVENT_REGISTRY], useFactory: createEventStore },
    { provide: IdGenerator, inject: [PG_POOL], useFactory: (pool: Pool) => new IdGenerator(pool) },
    { provide: CommandRunner, inject: [EVENT_STORE], useFactory: (store: EventStore) => new CommandRunner(store) },
    { provide: UniqueNames, inject: [CommandRunner, EVENT_STORE], useFactory: (runner: CommandRunner, store: EventStore) => new UniqueNames(runner, store) },
  ],
  exports: [CqrsModule, APP_CONFIG, PG_POOL, KNEX, EVENT_REGISTRY, EVENT_STORE, IdGenerator, CommandRunner, UniqueNames],
})
export class KernelModule implements OnApplicationShutdown {
  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(KNEX) private readonly knex: Knex,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
    await this.knex.destroy();
    await this.pool.end();
  }
}
