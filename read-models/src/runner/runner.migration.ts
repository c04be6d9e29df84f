import type { Knex } from 'knex';

/** Where each projection generation stands, and the record of skipped events. */
export const projectionRunnerMigration = {
  name: '002-projection-runner',
  async up(db: Knex): Promise<void> {
    await db.raw(`
      CREATE TABLE projection_generations (
        name text NOT NULL,
        generation int NOT NULL,
        version int NOT NULL,
        status text NOT NULL CHECK (status IN ('building', 'live', 'retired')),
        checkpoint text,
        state text NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'failed')),
        events_applied bigint NOT NULL DEFAULT 0,
        failed_position text,
        failed_event_id uuid,
        failed_event_type text,
        error text,
        failed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (name, generation)
      );
      CREATE UNIQUE INDEX projection_generations_one_live ON projection_generations (name) WHERE status = 'live';
      CREATE TABLE projection_skips (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        generation int NOT NULL,
        position text NOT NULL,
        event_id uuid,
        event_type text,
        error text,
        skipped_by text NOT NULL,
        skipped_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  },
  async down(db: Knex): Promise<void> {
    await db.raw('DROP TABLE projection_skips; DROP TABLE projection_generations;');
  },
};
