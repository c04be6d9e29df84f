import type { Knex } from 'knex';
import type { NamedMigration } from '../migrate';

/**
 * What a command noted on its Idempotency-Key's claim while it ran (a booking create: the booking id and seat claim
 * it is about to write). A retry that takes over the claim of a process that died reads it back and settles that
 * earlier run instead of making a second booking beside it.
 */
export const idempotencyWorkMigration: NamedMigration = {
  name: '002-idempotency-work',
  async up(db: Knex): Promise<void> {
    await db.raw('ALTER TABLE command_idempotency ADD COLUMN IF NOT EXISTS work jsonb');
  },
  async down(db: Knex): Promise<void> {
    await db.raw('ALTER TABLE command_idempotency DROP COLUMN IF EXISTS work');
  },
};
