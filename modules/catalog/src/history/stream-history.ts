import { isDeepStrictEqual } from 'node:util';
import type { RecordedEvent } from '@tbo/event-schemas';

export interface HistoryEntry {
  position: string;
  at: string;
  by: string | null;
  event: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

/**
 * An aggregate's history from its stream: each event against the aggregate as it stood before
 * it, one change per field whose value differs. `fieldsOf` says which fields an event states
 * (a section event states only its section).
 */
export function streamHistory(recorded: readonly RecordedEvent[], fieldsOf: (event: RecordedEvent) => Record<string, unknown>): HistoryEntry[] {
  const current: Record<string, unknown> = { isDeleted: false };
  return recorded.map((r) => {
    const fields = fieldsOf(r);
    const changes = Object.entries(fields)
      .filter(([field, after]) => !isDeepStrictEqual(current[field] ?? null, after))
      .map(([field, after]) => ({ field, before: current[field] ?? null, after }));
    Object.assign(current, fields);
    return {
      position: r.position,
      at: r.metadata?.occurredAt ?? new Date(r.recordedAt).toISOString(),
      by: r.metadata?.userId ?? null,
      event: r.type,
      changes,
    };
  });
}
