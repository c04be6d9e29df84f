import type { Knex } from 'knex';

/** A schema migration written as SQL: `up` makes the change, `down` takes it back (each run as given). */
export function sqlMigration(name: string, up: string, down: string): { name: string; up(db: Knex): Promise<void>; down(db: Knex): Promise<void> } {
  return {
    name,
    async up(db) {
      await db.raw(up);
    },
    async down(db) {
      await db.raw(down);
    },
  };
}
