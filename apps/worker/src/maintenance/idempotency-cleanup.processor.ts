import type { Knex } from 'knex';
import type { JobProcessor } from '@tbo/kernel';

export const MAINTENANCE_QUEUE = 'maintenance';
/** Clients retry within minutes; a day of idempotency keys is plenty. */
const KEEP_HOURS = 24;

/** Forgets idempotency keys older than a day, so the table stays small. */
export function idempotencyCleanupProcessor(db: Knex): JobProcessor<Record<string, never>> {
  return {
    queue: MAINTENANCE_QUEUE,
    concurrency: 1,
    async process() {
      const deleted = await db('command_idempotency')
        .where('created_at', '<', db.raw(`now() - interval '${KEEP_HOURS} hours'`))
        .delete();
      return { deleted };
    },
  };
}
