import { randomUUID } from 'node:crypto';
import { createEventRegistry, type EventMetadata, type RecordedEvent } from '@tbo/event-schemas';

/**
 * Events for projection specs, built the way the store hands them out: the data is validated
 * against the product's event-schema registry (so a spec cannot feed a shape an append would
 * refuse) and round-tripped through JSON as jsonb does.
 */

const registry = createEventRegistry();

/** Default times are fixed, so expected rows can name them; each event gets its own second. */
const DEFAULT_CLOCK = Date.parse('2026-03-01T06:00:00.000Z');
/** A store records an event a little after the command ran: distinct, so a spec tells the two apart. */
const RECORDING_DELAY_MS = 7;

let lastPosition = 0;

export interface EventOptions {
  /** metadata.occurredAt (ISO): when the command was handled. */
  occurredAt?: string;
  /** When the store recorded it. */
  recordedAt?: Date;
  /** Who the command was sent by and for (a tenant, an admin acting as the user): over the defaults. */
  metadata?: Partial<Pick<EventMetadata, 'userId' | 'actedBy' | 'tenantId'>>;
}

export interface EventStream {
  readonly streamId: string;
  /** The stream's next event: revisions count from 0 in the order events are built. */
  event(type: string, data: object, options?: EventOptions): RecordedEvent;
}

export function eventStream(streamId: string): EventStream {
  let revision = 0;
  return {
    streamId,
    event(type, data, options = {}) {
      const valid = registry.validate(type, data);
      const position = ++lastPosition;
      const occurredAt = options.occurredAt ?? new Date(DEFAULT_CLOCK + position * 1000).toISOString();
      return {
        eventId: randomUUID(),
        type,
        schemaVersion: valid.version,
        streamId,
        revision: revision++,
        position: String(position).padStart(16, '0'),
        data: JSON.parse(JSON.stringify(valid.data)) as unknown,
        metadata: { correlationId: randomUUID(), commandId: randomUUID(), userId: 'projection-spec', occurredAt, ...options.metadata },
        recordedAt: options.recordedAt ?? new Date(Date.parse(occurredAt) + RECORDING_DELAY_MS),
      };
    },
  };
}

/** The registered sample of an event type's newest version: a valid base to override in a spec. */
export function exampleOf<T extends object = Record<string, unknown>>(type: string): T {
  const latest = registry.latestVersion(type);
  const definition = registry.definitions().find((d) => d.type === type && d.version === latest);
  if (!definition) throw new Error(`No example registered for ${type}`);
  return structuredClone(definition.example) as T;
}
