import type { RecordedEvent } from '@tbo/event-schemas';
import type { EventStore } from './event-store.port';

/**
 * A supplier's item's events, oldest first (its history reads them whole). The item belongs to the supplier its
 * first event names; an unknown item and another supplier's are the same `notFound`, so ids cannot be probed.
 */
export async function supplierStreamEvents(store: EventStore, stream: string, supplierId: number, notFound: () => Error): Promise<RecordedEvent[]> {
  const events = await store.readStream(stream);
  const owner = (events[0]?.data as { supplierId?: number } | undefined)?.supplierId;
  if (!events.length || owner !== supplierId) throw notFound();
  return events;
}
