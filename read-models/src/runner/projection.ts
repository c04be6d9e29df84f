import type { Knex } from 'knex';
import { recordedAs, type DomainEvent, type RecordedEvent, type RecordedOf } from '@tbo/event-schemas';

/** What a projection writes through: its transaction and the physical names of its tables. */
export interface ProjectionContext {
  trx: Knex.Transaction;
  /** Logical table name → the table of the generation being written (e.g. languages → languages_g2). */
  table(name: string): string;
}

/**
 * A read model. Its tables are declared, not migrated: each generation gets its own copy
 * (`<table>_g<n>`) and queries read the view `<table>`, which points at the live generation.
 * That is what makes blue/green rebuilds possible while queries keep answering.
 */
export interface Projection {
  /** Lower case letters, digits and underscores. */
  name: string;
  /** Bump when apply or the tables change; `npm run projections -- rebuild <name>` builds it anew. */
  version: number;
  handles: readonly string[];
  /**
   * Read by people browsing (an audit log, reports), not by someone waiting to see their own change: woken a
   * moment after appends rather than at once (wake-signal.ts). Read your writes (waitForProjection) still waits for it.
   */
  background?: boolean;
  tables: Record<string, (t: Knex.CreateTableBuilder) => void>;
  /** Extra DDL for a generation's tables (trigram indexes and the like). */
  afterCreate?(trx: Knex.Transaction, table: (name: string) => string): Promise<void>;
  apply(ctx: ProjectionContext, event: RecordedEvent): Promise<void>;
  /** Optional faster path for a whole batch; must have the same effect as apply() for each event in order. */
  applyBatch?(ctx: ProjectionContext, events: RecordedEvent[]): Promise<void>;
}

/** The part of the event store a projection runner reads (the kernel's EventStore fits it). */
export interface EventFeed {
  /** `behind`: committed events past `next` wait on an older open transaction (see the kernel's ReadAllResult). */
  readAll(after: string | null, limit: number, options?: { types?: readonly string[] }): Promise<{ events: RecordedEvent[]; next: string | null; behind?: boolean }>;
  onAppended(listener: (types?: readonly string[]) => void): () => void;
  comparePositions(a: string | null, b: string | null): number;
  headPosition(): Promise<string | null>;
}

export function assertProjectionName(name: string): void {
  if (!/^[a-z][a-z0-9_]{0,40}$/.test(name)) throw new Error(`Invalid projection name '${name}'`);
}

/** A projection written against its own event union: `handles` is checked against it, `apply` gets it narrowed. */
export interface TypedProjection<E extends DomainEvent> extends Omit<Projection, 'handles' | 'apply' | 'applyBatch'> {
  handles: readonly E['type'][];
  apply(ctx: ProjectionContext, event: RecordedOf<E>): Promise<void>;
  applyBatch?(ctx: ProjectionContext, events: RecordedOf<E>[]): Promise<void>;
}

/**
 * The types each defined projection handles, by name: read-your-writes (waitForProjection) is given
 * only a name, and a checkpoint behind a command's position is still current for that command when
 * none of the events in between is of the projection's types.
 */
const handlesByName = new Map<string, readonly string[]>();

export function handlesOf(name: string): readonly string[] | undefined {
  return handlesByName.get(name);
}

/** The runner reads only the types a projection handles, so each event it is given is one of `E`. */
export function defineProjection<E extends DomainEvent>(p: TypedProjection<E>): Projection {
  handlesByName.set(p.name, p.handles);
  const { applyBatch } = p;
  return {
    ...p,
    apply: (ctx, event) => p.apply(ctx, recordedAs<E>([event])[0]!),
    ...(applyBatch ? { applyBatch: (ctx: ProjectionContext, events: RecordedEvent[]) => applyBatch.call(p, ctx, recordedAs<E>(events)) } : {}),
  };
}
