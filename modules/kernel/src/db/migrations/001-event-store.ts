import type { Knex } from 'knex';

/**
 * The event store. Global order is (transaction_id, global_position): a sequence value is
 * taken at insert but becomes visible at commit, so readers only read rows whose writing
 * transaction is older than every transaction still running (see postgres-event-store.ts).
 */
export const eventStoreMigration = {
  name: '001-event-store',
  async up(db: Knex): Promise<void> {
    await db.raw('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    await db.raw(`
      CREATE TABLE streams (
        stream_id text PRIMARY KEY,
        revision bigint NOT NULL
      );
      CREATE TABLE events (
        global_position bigserial NOT NULL,
        transaction_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        event_id uuid NOT NULL UNIQUE,
        stream_id text NOT NULL,
        revision bigint NOT NULL,
        type text NOT NULL,
        schema_version int NOT NULL,
        data jsonb NOT NULL,
        metadata jsonb NOT NULL,
        recorded_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (transaction_id, global_position),
        UNIQUE (stream_id, revision)
      );
      CREATE INDEX events_type_idx ON events (type, transaction_id, global_position);

      -- One round trip and one transaction per append: compare-and-set the stream revision,
      -- then insert the events. expected: -1 no stream, -2 any, -3 stream exists, else the revision.
      CREATE FUNCTION append_events(
        p_stream text, p_expected bigint, p_ids uuid[], p_types text[], p_versions int[],
        p_data jsonb[], p_metadata jsonb[]
      ) RETURNS TABLE (next_revision bigint, tx xid8, last_position bigint)
      LANGUAGE plpgsql AS $$
      DECLARE
        n int := cardinality(p_ids);
        current_rev bigint;
        new_rev bigint;
      BEGIN
        -- Appends to one stream take turns before any of them writes (and so takes a
        -- transaction id): otherwise a writer that waited for the stream's row would record
        -- later revisions under an older transaction id, and readers would see them first.
        PERFORM pg_advisory_xact_lock(7300, hashtext(p_stream));
        IF p_expected = -1 THEN
          INSERT INTO streams (stream_id, revision) VALUES (p_stream, n - 1)
            ON CONFLICT (stream_id) DO NOTHING;
          IF NOT FOUND THEN
            SELECT s.revision INTO current_rev FROM streams s WHERE s.stream_id = p_stream;
            RAISE EXCEPTION 'wrong expected revision' USING ERRCODE = 'P0409', DETAIL = coalesce(current_rev, -1)::text;
          END IF;
          new_rev := n - 1;
        ELSIF p_expected = -2 THEN
          INSERT INTO streams AS s (stream_id, revision) VALUES (p_stream, n - 1)
            ON CONFLICT (stream_id) DO UPDATE SET revision = s.revision + n
            RETURNING s.revision INTO new_rev;
        ELSE
          UPDATE streams s SET revision = s.revision + n
            WHERE s.stream_id = p_stream AND (p_expected = -3 OR s.revision = p_expected)
            RETURNING s.revision INTO new_rev;
          IF NOT FOUND THEN
            SELECT s.revision INTO current_rev FROM streams s WHERE s.stream_id = p_stream;
            RAISE EXCEPTION 'wrong expected revision' USING ERRCODE = 'P0409', DETAIL = coalesce(current_rev, -1)::text;
          END IF;
        END IF;

        RETURN QUERY
        INSERT INTO events (event_id, stream_id, revision, type, schema_version, data, metadata)
        SELECT e.id, p_stream, new_rev - n + e.ord, e.type, e.version, e.data, e.metadata
          FROM unnest(p_ids, p_types, p_versions, p_data, p_metadata)
               WITH ORDINALITY AS e(id, type, version, data, metadata, ord)
          ORDER BY e.ord
        RETURNING new_rev, events.transaction_id, events.global_position;
      END $$;

      CREATE TABLE command_idempotency (
        scope text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        status text NOT NULL CHECK (status IN ('pending', 'done')),
        answer jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      );
    `);
  },
  async down(db: Knex): Promise<void> {
    await db.raw('DROP TABLE command_idempotency; DROP FUNCTION append_events; DROP TABLE events; DROP TABLE streams;');
  },
};
