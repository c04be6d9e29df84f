import { randomUUID } from 'node:crypto';
import DataLoader from 'dataloader';
import type { Pool } from 'pg';
import type { EventSchemaRegistry, NewEvent, RecordedEvent } from '@tbo/event-schemas';
import { AppendNotifier, EVENTS_CHANNEL, parseNotifyPayload } from './append-notifier';
import {
  assertStreamName,
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type ReadAllOptions,
  type ReadAllResult,
} from './event-store.port';
import { comparePgPositions, formatPgPosition, parsePgPosition } from './pg-position';
import { PgListener } from './pg-listener';

const EXPECTED_CODE: Record<Exclude<ExpectedRevision, number>, number> = {
  no_stream: -1,
  any: -2,
  stream_exists: -3,
};

interface EventRow {
  event_id: string;
  stream_id: string;
  revision: number;
  type: string;
  schema_version: number;
  data: unknown;
  /** As text: see MetadataReader. */
  metadata: string;
  recorded_at: Date;
  tx: string;
  global_position: number;
}

const EVENT_COLUMNS =
  'event_id, stream_id, revision, type, schema_version, data, metadata::text AS metadata, recorded_at, transaction_id::text AS tx, global_position';

/**
 * The events of one append share their metadata and come back next to each other: parse it
 * once per run of equal texts and give each event its own copy (a deep one when it is flat).
 */
class MetadataReader {
  private text: string | null = null;
  private parsed: RecordedEvent['metadata'] | null = null;
  private flat = false;

  read(text: string): RecordedEvent['metadata'] {
    if (text !== this.text) {
      this.text = text;
      this.parsed = JSON.parse(text) as RecordedEvent['metadata'];
      this.flat = isFlatObject(this.parsed);
    }
    return this.flat ? { ...this.parsed! } : (JSON.parse(text) as RecordedEvent['metadata']);
  }
}

function isFlatObject(v: unknown): boolean {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  return Object.values(v).every((x) => x === null || typeof x !== 'object');
}

/**
 * The default event store. Global order is (transaction_id, global_position): a bigserial
 * value is taken at insert but only becomes visible at commit, so a reader that checkpoints
 * on the highest position it has seen would skip a smaller one committed later. Readers
 * therefore only see events whose transaction is older than the oldest one still running
 * (pg_snapshot_xmin), which are all final, and order and checkpoint on the pair.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly notifier: AppendNotifier;
  private readonly listener: PgListener;
  private readonly localListeners = new Set<(types?: readonly string[]) => void>();
  /**
   * Stream reads asked for in the same turn of the event loop go to Postgres as one query: a booking reads
   * four streams, and under a stream of requests the reads of different requests meet here. A read still
   * starts after it was asked for, so it sees every append that finished before (read your writes).
   */
  private readonly streamReads = new DataLoader<string, EventRow[]>((streams) => this.readStreamRows(streams), {
    cache: false,
    batchScheduleFn: (run) => setImmediate(run),
  });

  constructor(
    private readonly pool: Pool,
    private readonly registry: EventSchemaRegistry,
    databaseUrl: string,
    onBackgroundError: (err: unknown) => void = () => undefined,
  ) {
    // Its own appends wake its listeners at once (afterAppend): its NOTIFY coming back would
    // wake every projection of this process a second time for nothing.
    const self = randomUUID();
    this.notifier = new AppendNotifier(pool, onBackgroundError, self);
    this.listener = new PgListener(databaseUrl, EVENTS_CHANNEL, onBackgroundError, self);
  }

  async appendToStream(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    assertStreamName(stream);
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const ids: string[] = [];
    const types: string[] = [];
    const versions: number[] = [];
    const data: string[] = [];
    const metadata = JSON.stringify(options.metadata);
    for (const e of events) {
      const valid = this.registry.validate(e.type, e.data);
      ids.push(e.eventId ?? randomUUID());
      types.push(e.type);
      versions.push(valid.version);
      data.push(JSON.stringify(valid.data));
    }
    const expected = options.expectedRevision;
    const expectedCode = typeof expected === 'number' ? expected : EXPECTED_CODE[expected];
    try {
      // Named, so each connection parses and plans it once instead of on every append.
      const res = await this.pool.query<{ next_revision: number; tx: string; last_position: number }>({
        name: 'tbo-append-events',
        text: 'SELECT next_revision, tx::text AS tx, last_position FROM append_events($1, $2, $3::uuid[], $4, $5, $6::jsonb[], $7::jsonb[])',
        values: [stream, expectedCode, ids, types, versions, data, events.map(() => metadata)],
      });
      const last = res.rows[res.rows.length - 1]!;
      this.afterAppend(types);
      return {
        nextExpectedRevision: Number(last.next_revision),
        position: formatPgPosition({ tx: BigInt(last.tx), pos: BigInt(last.last_position) }),
      };
    } catch (err) {
      const pgErr = err as { code?: string; detail?: string; constraint?: string };
      if (pgErr.code === 'P0409') {
        // A retry of an append that already went through also lands here: answer it as done.
        const repeated = await this.repeatedAppend(stream, ids, expected);
        if (repeated) return repeated;
        const actual = Number(pgErr.detail);
        throw new WrongExpectedRevisionError(stream, expected, actual < 0 ? null : actual);
      }
      if (pgErr.code === '23505' && pgErr.constraint === 'events_event_id_key') {
        const repeated = await this.repeatedAppend(stream, ids, expected);
        if (repeated) return repeated;
        throw new WrongExpectedRevisionError(stream, expected, null);
      }
      throw err;
    }
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    const rows = await this.streamReads.load(stream);
    const metadata = new MetadataReader();
    return rows.map((r) => this.toRecorded(r, metadata));
  }

  /** The rows of each stream asked for (the same stream twice shares its rows; each reader makes its own events). */
  private async readStreamRows(streams: readonly string[]): Promise<EventRow[][]> {
    if (streams.length === 1) {
      const res = await this.pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = $1 ORDER BY revision`, [streams[0]]);
      return [res.rows];
    }
    const res = await this.pool.query<EventRow>(`SELECT ${EVENT_COLUMNS} FROM events WHERE stream_id = ANY($1::text[]) ORDER BY stream_id, revision`, [[...new Set(streams)]]);
    const byStream = new Map<string, EventRow[]>();
    for (const row of res.rows) {
      const rows = byStream.get(row.stream_id);
      if (rows) rows.push(row);
      else byStream.set(row.stream_id, [row]);
    }
    return streams.map((s) => byStream.get(s) ?? []);
  }

  async readAll(after: string | null, limit: number, options: ReadAllOptions = {}): Promise<ReadAllResult> {
    const from = parsePgPosition(after);
    const params: unknown[] = [from.tx.toString(), from.pos.toString(), limit];
    let typeFilter = '';
    // Whether anything at or past the watermark is still to come. Prepared statements run on a generic plan after
    // a few calls, which cannot see that the watermark is near the head; the plain form,
    // `EXISTS (... WHERE transaction_id >= xmin AND type = ANY(...))`, then became a sequential scan of the whole
    // events table on every projection step. These forms are index lookups in any plan (their ORDER BY makes a scan
    // cost a sort of everything): the newest transaction id, or per type the first event at or past the watermark.
    let behind = 'COALESCE((SELECT transaction_id FROM events ORDER BY transaction_id DESC LIMIT 1) >= (SELECT xmin FROM w), false)';
    if (options.types) {
      params.push(options.types);
      typeFilter = 'AND type = ANY($4::text[])';
      behind = `EXISTS (SELECT 1 FROM unnest($4::text[]) AS t(type)
                         CROSS JOIN LATERAL (SELECT 1 FROM events x WHERE x.type = t.type AND x.transaction_id >= (SELECT xmin FROM w)
                                                     ORDER BY x.transaction_id LIMIT 1) AS later)`;
    }
    // The watermark and the rows come from one statement, so from one snapshot.
    const res = await this.pool.query<EventRow & { watermark: string; behind: boolean }>({
      // Prepared once per connection: every projection step reads through here, most of them right after a command.
      name: options.types ? 'tbo-read-all-types' : 'tbo-read-all',
      text: `WITH w AS MATERIALIZED (SELECT pg_snapshot_xmin(pg_current_snapshot()) AS xmin),
            e AS (
              SELECT ${EVENT_COLUMNS} FROM events
               WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
                 AND transaction_id < (SELECT xmin FROM w) ${typeFilter}
               ORDER BY transaction_id, global_position
               LIMIT $3)
       SELECT (SELECT xmin::text FROM w) AS watermark,
              ${behind} AS behind,
              e.* FROM (SELECT 1) AS one LEFT JOIN e ON true
       ORDER BY e.tx::xid8, e.global_position`,
      values: params,
    });
    const rows = res.rows.filter((r) => r.event_id !== null);
    const metadata = new MetadataReader();
    const events = rows.map((r) => this.toRecorded(r, metadata));
    if (events.length === limit) return { events, next: events[events.length - 1]!.position };
    // Fewer than asked: everything before the watermark has been seen.
    const watermark = formatPgPosition({ tx: BigInt(res.rows[0]!.watermark), pos: 0n });
    const next = this.comparePositions(watermark, after) > 0 ? watermark : after;
    return { events, next, behind: res.rows[0]!.behind };
  }

  onAppended(listener: (types?: readonly string[]) => void): () => void {
    this.localListeners.add(listener);
    // Another process's appends, with their types when its notification names them (else: any type).
    const removeRemote = this.listener.add((payload) => listener(payload === undefined ? undefined : parseNotifyPayload(payload).types));
    return () => {
      this.localListeners.delete(listener);
      removeRemote();
    };
  }

  comparePositions(a: string | null, b: string | null): number {
    return comparePgPositions(a, b);
  }

  async headPosition(): Promise<string | null> {
    const res = await this.pool.query<{ tx: string; global_position: number }>(
      'SELECT transaction_id::text AS tx, global_position FROM events ORDER BY transaction_id DESC, global_position DESC LIMIT 1',
    );
    const row = res.rows[0];
    return row ? formatPgPosition({ tx: BigInt(row.tx), pos: BigInt(row.global_position) }) : null;
  }

  async ping(): Promise<void> {
    await this.pool.query('SELECT 1 FROM streams LIMIT 1');
  }

  async close(): Promise<void> {
    await this.notifier.close();
    await this.listener.close();
  }

  private afterAppend(types: readonly string[]): void {
    // This process's runners first: their reads and transactions then go out ahead of the NOTIFY for the others.
    try {
      for (const l of this.localListeners) l(types);
    } finally {
      this.notifier.poke(types);
    }
  }

  /** The same event ids again: harmless when it is the very append that already succeeded. */
  private async repeatedAppend(stream: string, ids: string[], expected: ExpectedRevision): Promise<AppendResult | null> {
    const res = await this.pool.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events WHERE event_id = ANY($1::uuid[]) ORDER BY revision`,
      [ids],
    );
    const sameAppend =
      res.rows.length === ids.length &&
      res.rows.every((r, i) => r.stream_id === stream && r.event_id === ids[i]) &&
      (typeof expected !== 'number' || Number(res.rows[0]!.revision) === expected + 1) &&
      (expected !== 'no_stream' || Number(res.rows[0]!.revision) === 0);
    if (!sameAppend) return null;
    const last = res.rows[res.rows.length - 1]!;
    return {
      nextExpectedRevision: Number(last.revision),
      position: formatPgPosition({ tx: BigInt(last.tx), pos: BigInt(last.global_position) }),
    };
  }

  private toRecorded(r: EventRow, metadata: MetadataReader): RecordedEvent {
    const upcast = this.registry.upcast(r.type, r.schema_version, r.data);
    return {
      eventId: r.event_id,
      type: r.type,
      schemaVersion: upcast.version,
      streamId: r.stream_id,
      revision: Number(r.revision),
      // Both are canonical decimals already (xid8::text, int8): the same string formatPgPosition makes.
      position: `${r.tx}:${r.global_position}`,
      data: upcast.data,
      metadata: metadata.read(r.metadata),
      recordedAt: r.recorded_at,
    };
  }
}
