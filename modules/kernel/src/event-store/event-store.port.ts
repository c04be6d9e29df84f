import type { EventMetadata, NewEvent, RecordedEvent } from '@tbo/event-schemas';

/** 'no_stream': must not exist yet; 'any': no check; 'stream_exists': must exist; a number: its last revision. */
export type ExpectedRevision = 'no_stream' | 'any' | 'stream_exists' | number;

export interface AppendOptions {
  expectedRevision: ExpectedRevision;
  metadata: EventMetadata;
}

export interface AppendResult {
  /** Revision of the stream's last event after the append: pass it as the next expectedRevision. */
  nextExpectedRevision: number;
  /** Global position of the last appended event (opaque; compare with comparePositions). */
  position: string;
}

export interface ReadAllOptions {
  /** Only these event types; the answer's `next` still moves past everything scanned. */
  types?: readonly string[];
}

export interface ReadAllResult {
  events: RecordedEvent[];
  /** Checkpoint to read from next time: past the last event, or past everything known to be complete. */
  next: string | null;
  /**
   * Events (of the asked types) past `next` are committed already but could not be answered in order yet,
   * because an older transaction is still open: read again soon rather than wait for the next append.
   * Only the Postgres store has such a watermark; absent means no.
   */
  behind?: boolean;
}

/**
 * The event store port. Adapters: Postgres (default), EventStoreDB (production), in-memory (unit tests).
 * All three pass the same contract suite (event-store.contract.ts).
 */
export interface EventStore {
  readonly kind: 'postgres' | 'esdb' | 'memory';
  appendToStream(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult>;
  /** The stream's events in order, upcast to their newest schema; [] when the stream does not exist. */
  readStream(stream: string): Promise<RecordedEvent[]>;
  /** Events after a checkpoint (null: from the start) in global order, never skipping one that commits late. */
  readAll(after: string | null, limit: number, options?: ReadAllOptions): Promise<ReadAllResult>;
  /**
   * Called (coalesced, at most once per append) when new events may be readable. `types`, when
   * given, are the types just appended by this process; without them (another process's
   * append, a reconnect) anything may be new.
   */
  onAppended(listener: (types?: readonly string[]) => void): () => void;
  /** <0, 0, >0 like a comparator; null is before everything. */
  comparePositions(a: string | null, b: string | null): number;
  /** The position of the newest event, null for an empty store. */
  headPosition(): Promise<string | null>;
  /** Throws when the store cannot be reached. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The stream's revision was not the one the command was decided on: someone else saved first. */
export class WrongExpectedRevisionError extends Error {
  constructor(
    readonly stream: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | null,
  ) {
    super(`Stream ${stream} is at revision ${actual ?? 'none'}, expected ${String(expected)}`);
    this.name = 'WrongExpectedRevisionError';
  }
}

/** Stream names are `<category>-<id>` with no dash in the category (ARCHITECTURE.md). */
export function assertStreamName(stream: string): void {
  if (!/^[a-z][a-z0-9]*-[A-Za-z0-9_.:-]+$/.test(stream)) {
    throw new Error(`Invalid stream name '${stream}': expected <category>-<id>`);
  }
}
