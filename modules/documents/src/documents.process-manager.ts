import { DOCUMENT_CHANGING_EVENTS, documentsFor } from '@tbo/booking';
import { BOOKING_STATUSES, type BookingEvent, type RecordedEvent } from '@tbo/event-schemas';
import { defineProcessManager, type ProcessManagerJob } from '@tbo/read-models';
import { DOCUMENTS_QUEUE, documentJobId, type DocumentJob } from './document-jobs';

const job = (data: DocumentJob): ProcessManagerJob<DocumentJob> => ({ queue: DOCUMENTS_QUEUE, name: `${data.kind}-${data.language}`, jobId: documentJobId(data), data });

/**
 * Each change of what a booking's documents show queues them for that version: the invoice and the English
 * and Russian vouchers (a cancelled booking: its invoice only; a declined one: none). The version is the
 * event's revision, so a replayed event queues the same job ids and nothing is made twice.
 */
export const documentsProcessManager = defineProcessManager({
  name: 'booking_documents',
  handles: DOCUMENT_CHANGING_EVENTS,
  jobFor(event: RecordedEvent): ProcessManagerJob<DocumentJob>[] {
    const e = event as unknown as BookingEvent;
    const cancelled = e.type === 'BookingCancelled' || (e.type === 'BookingCreated' && e.data.status === BOOKING_STATUSES.cancelled);
    return documentsFor({ cancelled, declined: e.type === 'BookingDeclined' }).map((d) => job({ bookingId: e.data.id, version: event.revision, ...d }));
  },
});
