import { recordedAs, type BookingEvent, type DocumentIssuedData } from '@tbo/event-schemas';
import type { CommandContext, CommandRunner, EventStore } from '@tbo/kernel';
import { BOOKING_STATUS } from '../pure/booking-status.pure';
import type { IssuedDocument } from '../pure/booking-documents.pure';
import type { BookingView } from '../pure/booking-view.pure';
import { bookingDecider, emptyBookingState, type BookingState } from './booking';
import { bookings } from './booking-stream';

export interface BookingForDocuments {
  /** The booking as it stood at the asked version (or now). */
  view: BookingView;
  /** That version: the revision of the last event that changed what documents show. */
  version: number;
  /** When that version was recorded (an invoice's date). */
  versionAt: string;
  /** The booking's current document version (later than `version` when it changed since). */
  currentVersion: number;
  cancelled: boolean;
  declined: boolean;
  /** Every document issued so far, of every version. */
  documents: readonly IssuedDocument[];
}

/**
 * A booking as its documents must show it, folded from its stream up to `version` (its current document
 * version when none is given): the events are the authority, never a read table. Null when there is no such
 * booking or version (a version that is not a document version of this booking).
 */
export async function bookingForDocuments(store: EventStore, id: number, version?: number): Promise<BookingForDocuments | null> {
  const events = recordedAs<BookingEvent>(await store.readStream(bookings.stream(id)));
  let state: BookingState = emptyBookingState(id);
  let at: BookingState | null = null;
  const recordedAt = new Map<number, string>();
  for (const e of events) {
    state = bookingDecider.evolve(state, e);
    recordedAt.set(e.revision, e.recordedAt.toISOString());
    if (version !== undefined && state.documentVersion === version && state.view) at = state;
  }
  const current = state;
  const chosen = version === undefined ? current : at;
  if (!chosen?.view || !current.view || chosen.documentVersion < 0) return null;
  return {
    view: chosen.view,
    version: chosen.documentVersion,
    versionAt: recordedAt.get(chosen.documentVersion) ?? chosen.view.bookedAt,
    currentVersion: current.documentVersion,
    cancelled: chosen.view.status === BOOKING_STATUS.cancelled && chosen.view.declineReason === null,
    declined: chosen.view.declineReason !== null,
    documents: current.documents,
  };
}

/** Records a finished document on its booking's stream; nothing when this kind, language and version is recorded already. */
export async function recordDocumentIssued(runner: CommandRunner, bookingId: number, data: Omit<DocumentIssuedData, 'id' | 'supplierId'>, context: CommandContext): Promise<{ recorded: boolean }> {
  const outcome = await bookings.run(runner, bookingId, { type: 'IssueDocument', data }, context);
  return { recorded: outcome.events.length > 0 };
}
