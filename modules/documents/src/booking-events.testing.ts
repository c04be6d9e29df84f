import { createEventRegistry, type RecordedEvent } from '@tbo/event-schemas';

const registry = createEventRegistry();
const example = (type: string): Record<string, unknown> => structuredClone(registry.definitions().find((d) => d.type === type)!.example) as Record<string, unknown>;

/** A recorded event of booking 1001's stream: the registry's example of `type`, with `over` laid on its data. */
export const recordedBookingEvent = (type: string, revision: number, over: Record<string, unknown> = {}): RecordedEvent => ({
  eventId: `e-${type}-${revision}`,
  type,
  schemaVersion: 1,
  streamId: 'booking-1001',
  revision,
  position: String(revision).padStart(16, '0'),
  data: { ...example(type), ...over },
  metadata: { correlationId: 'c', commandId: 'k', occurredAt: '2026-11-01T06:00:00.000Z' },
  recordedAt: new Date('2026-11-01T06:00:00.000Z'),
});
