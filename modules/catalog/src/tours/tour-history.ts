import { isDeepStrictEqual } from 'node:util';
import type { RecordedEvent, TourEvent } from '@tbo/event-schemas';

export interface TourHistoryEntry {
  position: string;
  at: string;
  by: string | null;
  event: string;
  changes: { field: string; before: unknown; after: unknown }[];
}

/**
 * The tour's history from its stream: each event against the tour as it stood before it, one
 * change per field whose value differs (a section event lists only the fields it changed).
 */
export function tourHistory(recorded: readonly RecordedEvent[]): TourHistoryEntry[] {
  const current: Record<string, unknown> = { isDeleted: false };
  return recorded.map((r) => {
    const event = r as unknown as RecordedEvent & TourEvent;
    const { id: _id, supplierId: _supplierId, ...fields } = event.data as Record<string, unknown>;
    if (event.type === 'TourDeleted') Object.assign(fields, { isDeleted: true });
    if (event.type === 'TourRestored') Object.assign(fields, { isDeleted: false });
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
