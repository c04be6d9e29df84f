import { recordedAs, type RecordedEvent, type TourEvent } from '@tbo/event-schemas';
import { streamHistory, type HistoryEntry } from '../history/stream-history';

export type TourHistoryEntry = HistoryEntry;

/** The tour's history: section events state their fields; delete and restore show as isDeleted. */
export function tourHistory(recorded: readonly RecordedEvent[]): TourHistoryEntry[] {
  return streamHistory(recorded, (r) => {
    const [event] = recordedAs<TourEvent>([r]);
    const { id: _id, supplierId: _supplierId, ...fields } = event!.data as Record<string, unknown>;
    if (event!.type === 'TourDeleted') fields.isDeleted = true;
    if (event!.type === 'TourRestored') fields.isDeleted = false;
    return fields;
  });
}
