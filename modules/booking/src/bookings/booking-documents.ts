import { recordedAs, type BookingEvent, type DocumentIssuedData } from '@tbo/event-schemas';
import type { CommandContext, CommandRunner, EventStore } from '@tbo/kernel';
import { BOOKING_STATUS } from '../pure/booking-status.pure';
import { changesDocuments, type IssuedDocument } from '../pure/booking-documents.pure';
import type { BookingView } from '../pure/booking-view.pure';
import { bookingDecider, emptyBookingState, type BookingState } from './booking';
import { bookings } from './booking-stream';

export interface BookingForDocuments {
  /**
   * With a version asked: the booking as that version's invoice and vouchers show it, frozen at the event that
   * started the version. Later events of the same version (ticket records, a completion, a check-in) are not in
   * it, so a document of version N made now or in a month shows the same facts and renders the same bytes.
   * Without a version: the booking now.
   */
  view: BookingView;
  /**
   * What the tickets PDF of that version shows: `view` with the ticket codes the booking held at the end of the
   * version (they are allocated after the event that started it). Without a version: the booking now.
   */
  ticketsView: BookingView;
  /** That version: the revision of the last event that changed what documents show. */
  version: number;
  /** When that version was recorded (an invoice's date). */
  versionAt: string;
  /** The booking's current document version (later than `version` when it changed since). */
  currentVersion: number;
  /**
   * When the booking as it is now last changed: the event of its view's version (a document issued after it changes
   * nothing the booking shows). OCTO's utcUpdatedAt.
   */
  changedAt: string;
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
  /** Right after the event that started the asked version, and the last state still of that version. */
  let started: BookingState | null = null;
  let ended: BookingState | null = null;
  const recordedAt = new Map<number, string>();
  for (const e of events) {
    state = bookingDecider.evolve(state, e);
    recordedAt.set(e.revision, e.recordedAt.toISOString());
    if (version === undefined || !state.view || state.documentVersion !== version) continue;
    if (changesDocuments(e.type) && state.revision === version) started = state;
    ended = state;
  }
  const current = state;
  if (version === undefined) {
    started = current;
    ended = current;
  }
  const view = started?.view;
  const last = ended?.view;
  if (!view || !last || !current.view || started!.documentVersion < 0) return null;
  const documentVersion = started!.documentVersion;
  return {
    view,
    ticketsView: version === undefined ? last : { ...view, tickets: last.tickets, ticketsShortReason: last.ticketsShortReason },
    version: documentVersion,
    versionAt: recordedAt.get(documentVersion) ?? view.bookedAt,
    currentVersion: current.documentVersion,
    changedAt: recordedAt.get(current.view.version) ?? current.view.bookedAt,
    cancelled: view.status === BOOKING_STATUS.cancelled && view.declineReason === null,
    declined: view.declineReason !== null,
    documents: current.documents,
  };
}

/** Records a finished document on its booking's stream; nothing when this kind, language and version is recorded already. */
export async function recordDocumentIssued(runner: CommandRunner, bookingId: number, data: Omit<DocumentIssuedData, 'id' | 'supplierId'>, context: CommandContext): Promise<{ recorded: boolean }> {
  const outcome = await bookings.run(runner, bookingId, { type: 'IssueDocument', data }, context);
  return { recorded: outcome.events.length > 0 };
}
