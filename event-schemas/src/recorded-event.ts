/** Who and why an event was written: every event carries it, so the history answers "who did this". */
export interface EventMetadata {
  userId?: string | null;
  /** Set when the command came through 'log me in': the admin who acted as `userId`. */
  actedBy?: string | null;
  tenantId?: string | null;
  correlationId: string;
  causationId?: string | null;
  commandId: string;
  /** ISO time the command was handled. */
  occurredAt: string;
}

/** An event as a decider produces it, before it is stored. */
export interface NewEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
  /** Unique per event: a retried append with the same ids is refused, never doubled. */
  eventId?: string;
}

/** An event as the store gives it back: validated, upcast to the newest schema version. */
export interface RecordedEvent<T extends string = string, D = unknown> {
  eventId: string;
  type: T;
  schemaVersion: number;
  streamId: string;
  /** 0-based position of the event in its stream. */
  revision: number;
  /** Opaque, totally ordered global position (compare with the store's comparePositions). */
  position: string;
  data: D;
  metadata: EventMetadata;
  recordedAt: Date;
}

/** A domain event union as deciders and projections name it: `{ type: 'TourCreated'; data: TourCreatedData } | …`. */
export type DomainEvent = { type: string; data: unknown };

/** A recorded event of the union `E`, narrowed by its `type` like `E` itself (the intersection distributes over the union). */
export type RecordedOf<E extends DomainEvent> = RecordedEvent & E;

/**
 * The store validates and upcasts every event's data against its type's schema before handing it out, so an
 * event read from a stream or a feed filtered to `E`'s types has `E`'s data. This is the one place that relies on
 * it; readers name their union instead of casting.
 */
export function recordedAs<E extends DomainEvent>(events: readonly RecordedEvent[]): RecordedOf<E>[] {
  return events as RecordedOf<E>[];
}
