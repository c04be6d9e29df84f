import { sqlMigration } from './sql-migration';

/** Where each projection generation stands, and the record of skipped events. */
export const projectionRunnerMigration = sqlMigration(
  '002-projection-runner',
  `
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
    `,
  'DROP TABLE projection_skips; DROP TABLE projection_generations;',
);

/**
 * Parked events: an event a projection cannot apply no longer stops the projection (shared by
 * every supplier); the runner records it here, moves its checkpoint past it and goes on. Later
 * events of the same stream are parked behind it ('held') until it is retried or skipped.
 * Rows belong to one generation and go with it (a rebuild starts with none of its own).
 * A projection stopped by the code before this one (state 'failed') starts running again: the
 * runner meets the event again and parks it.
 */
export const projectionParkingMigration = sqlMigration(
  '003-projection-parked-events',
  `
      CREATE TABLE projection_parked_events (
        id bigserial PRIMARY KEY,
        name text NOT NULL,
        generation int NOT NULL,
        position text NOT NULL,
        read_after text,
        event_id uuid NOT NULL,
        event_type text NOT NULL,
        stream_id text NOT NULL,
        revision bigint NOT NULL,
        tenant_id text,
        supplier_id int,
        reason text NOT NULL CHECK (reason IN ('failed', 'held')),
        error text,
        attempts int NOT NULL DEFAULT 0,
        parked_at timestamptz NOT NULL DEFAULT now(),
        tried_at timestamptz,
        FOREIGN KEY (name, generation) REFERENCES projection_generations (name, generation) ON DELETE CASCADE,
        UNIQUE (name, generation, event_id)
      );
      CREATE INDEX projection_parked_events_stream ON projection_parked_events (name, generation, stream_id, id);
      ALTER TABLE projection_skips ADD COLUMN stream_id text, ADD COLUMN supplier_id int;
      UPDATE projection_generations
         SET state = 'running', failed_position = NULL, failed_event_id = NULL, failed_event_type = NULL, error = NULL, failed_at = NULL
       WHERE state = 'failed';
    `,
  'DROP TABLE projection_parked_events; ALTER TABLE projection_skips DROP COLUMN stream_id, DROP COLUMN supplier_id;',
);
