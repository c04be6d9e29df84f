import type { Knex } from 'knex';
import { createKnex } from './knex.factory';
import { eventStoreMigration } from './migrations/001-event-store';
import { idempotencyClaimsMigration } from './migrations/005-idempotency-claims';

export interface NamedMigration {
  name: string;
  up(db: Knex): Promise<void>;
  down(db: Knex): Promise<void>;
}

export const kernelMigrations: NamedMigration[] = [eventStoreMigration];
/** Run after the read models' first migrations (apps/api's appMigrations), in the order they were written. */
export { idempotencyClaimsMigration };

/** Knex migrations given as objects: each module exports its own list, the app concatenates them. */
function sourceOf(migrations: NamedMigration[]): Knex.MigrationSource<NamedMigration> {
  return {
    getMigrations: async () => migrations,
    getMigrationName: (m) => m.name,
    getMigration: async (m) => m,
  };
}

export async function migrateLatest(url: string, migrations: NamedMigration[] = kernelMigrations): Promise<string[]> {
  const db = createKnex(url, { poolMax: 2, applicationName: 'tbo-migrate' });
  try {
    const [, applied] = (await db.migrate.latest({ migrationSource: sourceOf(migrations) })) as [number, string[]];
    return applied;
  } finally {
    await db.destroy();
  }
}
