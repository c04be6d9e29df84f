import { randomUUID } from 'node:crypto';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type AppendResult as EsdbAppendResult,
  type JSONType,
  type Position,
  type StreamingRead,
} from '@eventstore/db-client';
import type { EventMetadata, EventSchemaRegistry, NewEvent, RecordedEvent } from '@tbo/event-schemas';
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

export interface EsdbEventStoreOptions {
  /** Background failures (the $all subscription); the store resubscribes by itself. */
  onError?: (err: unknown) => void;
}

const RESUBSCRIBE_MS = 1000;
const PING_TIMEOUT_MS = 5000;
/** Page size for $all reads: the v6 client's readAll has no server-side filter, so we filter here. */
const READ_PAGE = 256;
const HEAD_PAGE = 32;

/** The fields of an ESDB record a RecordedEvent needs (JSON and binary records alike). */
interface EsdbRecord {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  created: Date;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

interface Watch {
  stopped: boolean;
  subscription: AllStreamSubscription | null;
  timer: ReturnType<typeof setTimeout> | null;
}

const noop = () => undefined;

/**
 * The production event store. Global order is $all's (commit, prepare) log position, written
 * "commit/prepare"; $all only ever shows committed events in log order, so a checkpoint on the
 * last event read never skips one that commits late.
 */
export class EsdbEventStore implements EventStore {
  readonly kind = 'esdb' as const;
  private readonly listeners = new Set<() => void>();
  private readonly onError: (err: unknown) => void;
  private watch: Watch | null = null;
  private notifyQueued = false;
  /** Newest position listeners were told about: the subscription skips what a local append already announced. */
  private announced: string | null = null;
  private closed = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly registry: EventSchemaRegistry,
    options: EsdbEventStoreOptions = {},
  ) {
    this.onError = options.onError ?? noop;
  }

  static fromConnectionString(url: string, registry: EventSchemaRegistry, options: EsdbEventStoreOptions = {}): EsdbEventStore {
    return new EsdbEventStore(EventStoreDBClient.connectionString(url), registry, options);
  }

  async appendToStream(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    assertStreamName(stream);
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const expected = options.expectedRevision;
    // Validate every event before writing any. The event id doubles as ESDB's idempotency key.
    const data = events.map((e) => {
      const valid = this.registry.validate(e.type, e.data);
      const metadata: Record<string, unknown> = { ...options.metadata, schemaVersion: valid.version };
      return jsonEvent({ id: e.eventId ?? randomUUID(), type: e.type, data: valid.data as JSONType, metadata });
    });
    let result: EsdbAppendResult;
    try {
      result = await this.client.appendToStream(stream, data, { expectedRevision: toEsdbExpected(expected) });
    } catch (err) {
      if (err instanceof WrongExpectedVersionError) {
        const actual = err.actualVersion;
        throw new WrongExpectedRevisionError(stream, expected, actual === NO_STREAM ? null : Number(actual));
      }
      throw err;
    }
    // Only reached with a client built with throwOnAppendFailure=false.
    if (!result.success) {
      const actual = result.nextExpectedRevision;
      throw new WrongExpectedRevisionError(stream, expected, actual < 0n ? null : Number(actual));
    }
    // The append answer's position is the commit's, not the last event's (and absent for an
    // idempotent retry), so read back the last event to give the position readers will see.
    const position = await this.positionAt(stream, result.nextExpectedRevision);
    this.announce(position);
    return { nextExpectedRevision: Number(result.nextExpectedRevision), position };
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    let read;
    try {
      read = await drain(this.client.readStream(stream));
    } catch (err) {
      if (err instanceof StreamNotFoundError) return [];
      throw err;
    }
    return read.flatMap((r) => (r.event ? [this.toRecorded(r.event, positionOf(r.event))] : []));
  }

  async readAll(after: string | null, limit: number, options: ReadAllOptions = {}): Promise<ReadAllResult> {
    const types = options.types ? new Set(options.types) : null;
    const events: RecordedEvent[] = [];
    let next = after;
    while (events.length < limit) {
      const page = await drain(
        this.client.readAll({
          fromPosition: next === null ? START : parsePosition(next),
          direction: FORWARDS,
          maxCount: READ_PAGE,
        }),
      );
      for (const { event } of page) {
        if (events.length >= limit) break;
        if (!event) continue;
        const position = formatPosition(event.position);
        // fromPosition is inclusive: the checkpoint's own event was handed out last time.
        if (this.comparePositions(position, next) <= 0) continue;
        next = position;
        if (isSystemEvent(event.type) || (types && !types.has(event.type))) continue;
        events.push(this.toRecorded(event, position));
      }
      if (page.length < READ_PAGE) break; // the end of $all
    }
    return { events, next };
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    if (!this.watch && !this.closed) this.startWatch();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stopWatch();
    };
  }

  comparePositions(a: string | null, b: string | null): number {
    if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
    const x = parsePosition(a);
    const y = parsePosition(b);
    if (x.commit !== y.commit) return x.commit < y.commit ? -1 : 1;
    if (x.prepare !== y.prepare) return x.prepare < y.prepare ? -1 : 1;
    return 0;
  }

  async headPosition(): Promise<string | null> {
    // The newest records are often system events (stats, projections): page back past them.
    let cursor: string | null = null;
    for (;;) {
      const page = await drain(
        this.client.readAll({
          fromPosition: cursor === null ? END : parsePosition(cursor),
          direction: BACKWARDS,
          maxCount: HEAD_PAGE,
        }),
      );
      for (const { event } of page) {
        if (!event) continue;
        const position = formatPosition(event.position);
        if (cursor !== null && this.comparePositions(position, cursor) >= 0) continue;
        cursor = position;
        if (!isSystemEvent(event.type)) return position;
      }
      if (page.length < HEAD_PAGE) return null;
    }
  }

  async ping(): Promise<void> {
    const read = this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 });
    // The client sets no deadline on reads, so a silent server would hang a health check.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void read.cancel().catch(noop);
        reject(new Error(`EventStoreDB did not answer within ${PING_TIMEOUT_MS} ms`));
      }, PING_TIMEOUT_MS);
    });
    try {
      await Promise.race([drain(read), timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopWatch();
    this.listeners.clear();
    await this.client.dispose();
  }

  private async positionAt(stream: string, revision: bigint): Promise<string> {
    // From the leader: a follower may not have the append yet.
    const [r] = await drain(this.client.readStream(stream, { fromRevision: revision, maxCount: 1, requiresLeader: true }));
    if (!r?.event) throw new Error(`Event ${revision} of ${stream} not found right after appending it`);
    return positionOf(r.event);
  }

  private startWatch(): void {
    const watch: Watch = { stopped: false, subscription: null, timer: null };
    this.watch = watch;
    void this.runWatch(watch, false);
  }

  /** Other processes' appends arrive through a live subscription to $all; on failure, report and resubscribe. */
  private async runWatch(watch: Watch, resumed: boolean): Promise<void> {
    try {
      const sub = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
      watch.subscription = sub;
      // A late 'error' after the loop below has let go would otherwise crash the process.
      sub.on('error', noop);
      // Appends made while disconnected were missed: wake listeners once the subscription is live.
      if (resumed) sub.once('confirmation', () => this.announce(null));
      for await (const { event } of sub) {
        if (watch.stopped) break;
        if (!event) continue;
        const position = formatPosition(event.position);
        if (this.comparePositions(position, this.announced) > 0) this.announce(position);
      }
      if (!watch.stopped) this.report(new Error('EventStoreDB subscription to $all ended'));
    } catch (err) {
      if (!watch.stopped) this.report(err);
    }
    if (watch.stopped) return;
    const dead = watch.subscription;
    if (dead) void dead.unsubscribe().catch(noop);
    watch.timer = setTimeout(() => {
      watch.timer = null;
      if (!watch.stopped) void this.runWatch(watch, true);
    }, RESUBSCRIBE_MS);
  }

  private stopWatch(): void {
    const watch = this.watch;
    if (!watch) return;
    this.watch = null;
    watch.stopped = true;
    if (watch.timer) clearTimeout(watch.timer);
    const sub = watch.subscription;
    if (sub) {
      void sub
        .unsubscribe()
        .catch(noop)
        .finally(() => sub.destroy());
    }
  }

  /** Wakes listeners once per burst: a multi-event append reaches the subscription as several events. */
  private announce(position: string | null): void {
    if (position !== null && this.comparePositions(position, this.announced) > 0) this.announced = position;
    if (this.notifyQueued || this.closed) return;
    this.notifyQueued = true;
    setImmediate(() => {
      this.notifyQueued = false;
      for (const l of [...this.listeners]) {
        try {
          l();
        } catch (err) {
          this.report(err);
        }
      }
    });
  }

  private report(err: unknown): void {
    try {
      this.onError(err);
    } catch {
      // A throwing error handler must not take the subscription loop down with it.
    }
  }

  private toRecorded(e: EsdbRecord, position: string): RecordedEvent {
    const stored = e.metadata;
    if (!e.isJson || !isPlainObject(stored) || typeof stored.schemaVersion !== 'number') {
      throw new Error(`Event ${e.id} in ${e.streamId} was not written by this store (no JSON data or schemaVersion)`);
    }
    const { schemaVersion, ...metadata } = stored;
    const up = this.registry.upcast(e.type, schemaVersion, e.data);
    return {
      eventId: e.id,
      type: e.type,
      schemaVersion: up.version,
      streamId: e.streamId,
      revision: Number(e.revision),
      position,
      data: up.data,
      metadata: metadata as unknown as EventMetadata,
      recordedAt: e.created,
    };
  }
}

function toEsdbExpected(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'no_stream':
      return NO_STREAM;
    case 'any':
      return ANY;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

function isSystemEvent(type: string): boolean {
  return type.startsWith('$');
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

function formatPosition(p: Position): string {
  return `${p.commit}/${p.prepare}`;
}

function parsePosition(s: string): Position {
  const m = /^(\d{1,20})\/(\d{1,20})$/.exec(s);
  if (!m) throw new Error(`Invalid EventStoreDB position '${s}'`);
  return { commit: BigInt(m[1]!), prepare: BigInt(m[2]!) };
}

function positionOf(e: EsdbRecord): string {
  // Stream reads carry the $all position only from server 22.6 on.
  if (!e.position) throw new Error(`EventStoreDB gave no position for event ${e.id}: server 22.6 or later is needed`);
  return formatPosition(e.position);
}

/** Reads a stream to the end; connection and not-found errors become a rejection rather than a crash. */
async function drain<E>(read: StreamingRead<E>): Promise<E[]> {
  // A late 'error' after the iterator has let go would otherwise be unhandled.
  read.on('error', noop);
  const out: E[] = [];
  try {
    for await (const item of read) out.push(item);
  } catch (err) {
    void read.cancel().catch(noop);
    throw err;
  }
  return out;
}
