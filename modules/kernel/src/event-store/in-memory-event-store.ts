import { randomUUID } from 'node:crypto';
import type { EventSchemaRegistry, NewEvent, RecordedEvent } from '@tbo/event-schemas';
import {
  assertStreamName,
  WrongExpectedRevisionError,
  type AppendOptions,
  type AppendResult,
  type EventStore,
  type ReadAllOptions,
  type ReadAllResult,
} from './event-store.port';

interface Stored extends Omit<RecordedEvent, 'data' | 'schemaVersion'> {
  storedData: string;
  storedVersion: number;
}

/** For unit tests of handlers and projections: the same contract, kept in one array. */
export class InMemoryEventStore implements EventStore {
  readonly kind = 'memory' as const;
  private readonly all: Stored[] = [];
  private readonly streams = new Map<string, Stored[]>();
  private readonly ids = new Set<string>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly registry: EventSchemaRegistry) {}

  async appendToStream(stream: string, events: NewEvent[], options: AppendOptions): Promise<AppendResult> {
    assertStreamName(stream);
    if (events.length === 0) throw new Error('appendToStream needs at least one event');
    const existing = this.streams.get(stream) ?? [];
    const actual = existing.length ? existing.length - 1 : null;
    const expected = options.expectedRevision;
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && actual === null) ||
      (expected === 'stream_exists' && actual !== null) ||
      (typeof expected === 'number' && actual === expected);
    const ids = events.map((e) => e.eventId ?? randomUUID());
    if (ids.some((id) => this.ids.has(id))) {
      const prior = ids.map((id) => this.all.find((s) => s.eventId === id));
      if (prior.every((p, i) => p && p.streamId === stream && (i === 0 || p.revision === prior[i - 1]!.revision + 1))) {
        const last = prior[prior.length - 1]!;
        return { nextExpectedRevision: last.revision, position: last.position };
      }
      throw new WrongExpectedRevisionError(stream, expected, actual);
    }
    if (!ok) throw new WrongExpectedRevisionError(stream, expected, actual);
    const validated = events.map((e) => ({ e, v: this.registry.validate(e.type, e.data) }));
    const stored = validated.map(({ e, v }, i) => ({
      eventId: ids[i]!,
      type: e.type,
      storedVersion: v.version,
      storedData: JSON.stringify(v.data),
      streamId: stream,
      revision: existing.length + i,
      position: String(this.all.length + i + 1),
      metadata: structuredClone(options.metadata),
      recordedAt: new Date(),
    }));
    for (const s of stored) {
      this.all.push(s);
      this.ids.add(s.eventId);
    }
    this.streams.set(stream, [...existing, ...stored]);
    for (const l of this.listeners) queueMicrotask(l);
    const last = stored[stored.length - 1]!;
    return { nextExpectedRevision: last.revision, position: last.position };
  }

  async readStream(stream: string): Promise<RecordedEvent[]> {
    return (this.streams.get(stream) ?? []).map((s) => this.toRecorded(s));
  }

  async readAll(after: string | null, limit: number, options: ReadAllOptions = {}): Promise<ReadAllResult> {
    const from = after === null ? 0 : Number(after);
    const events: RecordedEvent[] = [];
    let scanned = from;
    for (let i = from; i < this.all.length && events.length < limit; i++) {
      const s = this.all[i]!;
      scanned = i + 1;
      if (!options.types || options.types.includes(s.type)) events.push(this.toRecorded(s));
    }
    return { events, next: scanned === 0 ? after : String(scanned) };
  }

  onAppended(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  comparePositions(a: string | null, b: string | null): number {
    return Number(a ?? 0) - Number(b ?? 0);
  }

  async headPosition(): Promise<string | null> {
    return this.all.length ? String(this.all.length) : null;
  }

  async ping(): Promise<void> {}

  async close(): Promise<void> {
    this.listeners.clear();
  }

  private toRecorded(s: Stored): RecordedEvent {
    const up = this.registry.upcast(s.type, s.storedVersion, JSON.parse(s.storedData));
    const { storedData: _d, storedVersion: _v, ...rest } = s;
    return { ...rest, metadata: structuredClone(s.metadata), schemaVersion: up.version, data: up.data };
  }
}
