import type { RecordedEvent } from '@tbo/event-schemas';
import { recordedBookingEvent } from './booking-events.testing';
import { DOCUMENTS_QUEUE } from './document-jobs';
import { documentsProcessManager } from './documents.process-manager';

const recorded = (type: string, revision: number, over: Record<string, unknown> = {}): RecordedEvent => recordedBookingEvent(type, revision, { id: 1001, ...over });
const docs = (type: string, revision: number) => documentsProcessManager.jobFor(recorded(type, revision)) as { queue: string; data: { kind: string; language: string; version: number } }[];

describe('documents process manager', () => {
  it('a booking put back to pending for want of ticket codes gets an invoice and vouchers of that version (its vouchers say pending)', () => {
    expect(documentsProcessManager.handles).toContain('BookingTicketsShort');
    const jobs = docs('BookingTicketsShort', 3);
    expect(jobs.map((j) => [j.queue, j.data.kind, j.data.language, j.data.version])).toEqual([
      [DOCUMENTS_QUEUE, 'invoice', 'eng', 3],
      [DOCUMENTS_QUEUE, 'voucher', 'eng', 3],
      [DOCUMENTS_QUEUE, 'voucher', 'rus', 3],
    ]);
  });

  it('the events that leave the documents as they are queue none: a completion, a check-in, codes taken or given back, a document', () => {
    for (const type of ['BookingCompleted', 'BookingRedeemed', 'BookingNoShow', 'BookingTicketsAllocated', 'BookingTicketsReturned', 'DocumentIssued', 'BookingSeatClaimVoided']) {
      expect(documentsProcessManager.handles).not.toContain(type);
    }
  });
});
