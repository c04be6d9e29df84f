import type { Knex } from 'knex';
import type { NamedMigration } from '../migrate';

/**
 * An Idempotency-Key's claim learns who holds it and what its command is writing:
 * - `claim_token`: the request holding the claim. A claim taken over from a process that died gets a new token, so
 *   a run that was only slow can no longer answer, note on, or release the claim its retry now holds.
 * - `work`: what the holder noted while it ran (a booking create: the booking id and seat claim it is about to
 *   write). The retry that takes the claim over reads it back and settles that run instead of booking again.
 */
export const idempotencyClaimsMigration: NamedMigration = {
  name: '005-idempotency-claims',
  async up(db: Knex): Promise<void> {
    await db.raw('ALTER TABLE command_idempotency ADD COLUMN IF NOT EXISTS claim_token uuid, ADD COLUMN IF NOT EXISTS work jsonb');
  },
  async down(db: Knex): Promise<void> {
    await db.raw('ALTER TABLE command_idempotency DROP COLUMN IF EXISTS claim_token, DROP COLUMN IF EXISTS work');
  },
};
