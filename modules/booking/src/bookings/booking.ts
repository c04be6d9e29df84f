import type { BookingCreatedData, BookingEvent, DocumentIssuedData } from '@tbo/event-schemas';
import { ConflictError, NotFoundError, ValidationError, type Decider } from '@tbo/kernel';
import { BOOKING_STATUS } from '../pure/booking-status.pure';
import { BOOKING_MESSAGES } from '../pure/booking-rules.pure';
import { evolveBookingView, type BookingView } from '../pure/booking-view.pure';
import { refundFor } from '../pure/cancellation-refund.pure';
import { changesDocuments, documentsOf, type IssuedDocument } from '../pure/booking-documents.pure';
import { checkInOpen, CHECKIN_MESSAGES } from '../pure/booking-checkin.pure';
import { decideTickets, type BookingTicketCommand } from './booking-tickets.decide';

/*
 * A booking's own stream, `booking-<id>`. Its seats are decided on the departure's stream first (scheduling);
 * this decider only records what was sold and every later change. Prices and the schedule of a new booking
 * or a reschedule are computed by new-booking.rules.ts from the facts the handler gathers, and arrive here
 * whole: the decider checks the booking's state allows the change.
 */

export interface BookingState {
  id: number;
  revision: number;
  view: BookingView | null;
  /** Claims the settling step voided: their booking event may never be written. */
  voidedClaims: readonly string[];
  /** The revision of the last event that changed what the booking's documents show (-1: none yet). */
  documentVersion: number;
  /** Every document issued, oldest first. */
  documents: readonly IssuedDocument[];
}

export const emptyBookingState = (id = 0): BookingState => ({ id, revision: -1, view: null, voidedClaims: [], documentVersion: -1, documents: [] });

type Reschedule = Extract<BookingEvent, { type: 'BookingRescheduled' }>['data'];
type Amend = Extract<BookingEvent, { type: 'BookingGuestAmended' }>['data'];

export type BookingCommand =
  | { type: 'CreateBooking'; data: BookingCreatedData }
  | { type: 'ConfirmBooking' }
  | { type: 'DeclineBooking'; reason: string }
  | { type: 'CancelBooking'; reason: string; at: Date }
  | { type: 'AmendBooking'; data: Amend }
  | { type: 'RescheduleBooking'; data: Reschedule }
  /** `today`: the Dubai date it is completed on (a tour not yet run cannot be). */
  | { type: 'CompleteBooking'; today: string }
  | { type: 'VoidSeatClaim'; claimId: string }
  | { type: 'IssueDocument'; data: Omit<DocumentIssuedData, 'id' | 'supplierId'> }
  | { type: 'RedeemBooking' | 'MarkNoShow'; at: Date; byUserId: string; byName: string }
  | BookingTicketCommand;

export const bookingNotFound = () => new NotFoundError(BOOKING_MESSAGES.notFound, 'Not found');

/** The booking a change is made to: refused when there is none, or it is cancelled or completed. */
export const liveBooking = (state: BookingState): BookingView => {
  const v = state.view;
  if (!v) throw bookingNotFound();
  if (v.status === BOOKING_STATUS.cancelled) throw new ValidationError(v.declineReason !== null ? BOOKING_MESSAGES.declined : BOOKING_MESSAGES.alreadyCancelled);
  if (v.status === BOOKING_STATUS.completed) throw new ValidationError(BOOKING_MESSAGES.completed);
  return v;
};

export const bookingDecider: Decider<BookingCommand, BookingEvent, BookingState> = {
  initialState: emptyBookingState(),
  evolve(state, event) {
    const revision = state.revision + 1;
    // The recorded time and author are the metadata's; the decider needs neither.
    const view = evolveBookingView(state.view, event, { revision, recordedAt: '', userId: null });
    const voidedClaims = event.type === 'BookingSeatClaimVoided' ? [...state.voidedClaims, event.data.claimId] : state.voidedClaims;
    const documentVersion = changesDocuments(event.type) ? revision : state.documentVersion;
    const documents = event.type === 'DocumentIssued' ? documentsOf([...state.documents], event.data, revision) : state.documents;
    return { ...state, revision, view, voidedClaims, documentVersion, documents };
  },
  decide(cmd, state) {
    const key = { id: state.id, supplierId: state.view?.supplierId ?? 0 };
    switch (cmd.type) {
      case 'CreateBooking': {
        const claim = cmd.data.claimId;
        // A claim voided on a stream with no booking: the settling step (or a retry of the create) closed it.
        if ((claim && state.voidedClaims.includes(claim)) || (!state.view && state.voidedClaims.length > 0)) throw new ConflictError(BOOKING_MESSAGES.unsettled);
        if (state.view) {
          if (state.view.claimId === claim) return []; // a retry of the same append
          throw new ConflictError(`Booking ${state.id} already exists`);
        }
        return [{ type: 'BookingCreated', data: cmd.data }];
      }
      case 'ConfirmBooking':
      case 'DeclineBooking': {
        const v = liveBooking(state);
        if (v.status !== BOOKING_STATUS.pending) throw new ValidationError(BOOKING_MESSAGES.notPending);
        return cmd.type === 'ConfirmBooking'
          ? [{ type: 'BookingConfirmed', data: key }]
          : [{ type: 'BookingDeclined', data: { ...key, reason: cmd.reason.trim(), claimId: v.claimId, departure: v.departure } }];
      }
      case 'CancelBooking': {
        const v = liveBooking(state);
        // The guest came and took the tour: nothing is left to cancel or refund.
        if (v.checkIn?.kind === 'redeemed') throw new ValidationError(BOOKING_MESSAGES.checkedIn);
        const refund = refundFor(v.cancellationPolicy, new Date(v.startsAt), cmd.at, v.totals);
        return [{ type: 'BookingCancelled', data: { ...key, claimId: v.claimId, departure: v.departure, reason: cmd.reason.trim(), ...refund } }];
      }
      case 'AmendBooking': {
        liveBooking(state);
        if (!cmd.data.guestName.trim()) throw new ValidationError(BOOKING_MESSAGES.guestName, { guestName: [BOOKING_MESSAGES.guestName] });
        return [{ type: 'BookingGuestAmended', data: { ...cmd.data, ...key } }];
      }
      case 'RescheduleBooking': {
        const v = liveBooking(state);
        if (v.checkIn?.kind === 'redeemed') throw new ValidationError(BOOKING_MESSAGES.checkedIn);
        if (cmd.data.claimId && state.voidedClaims.includes(cmd.data.claimId)) throw new ConflictError(BOOKING_MESSAGES.unsettled);
        // A no-show belongs to its day: moved to another, the guest is expected again (and may be marked again).
        const noShowCleared = v.checkIn?.kind === 'noShow' && cmd.data.date !== v.date;
        return [{ type: 'BookingRescheduled', data: { ...cmd.data, ...key, ...(noShowCleared ? { noShowCleared: true as const } : {}) } }];
      }
      case 'CompleteBooking': {
        const v = liveBooking(state);
        if (v.status !== BOOKING_STATUS.normal) throw new ValidationError(BOOKING_MESSAGES.notConfirmed);
        // Completing a tour not yet run would take the agent's cancellation (and its refund) away.
        if (v.date > cmd.today) throw new ValidationError(BOOKING_MESSAGES.completeBeforeDate);
        return [{ type: 'BookingCompleted', data: key }];
      }
      case 'VoidSeatClaim': {
        // The booking holds this claim: its seats are sold, nothing to settle.
        if (state.view?.claimId === cmd.claimId || state.voidedClaims.includes(cmd.claimId)) return [];
        return [{ type: 'BookingSeatClaimVoided', data: { id: state.id, claimId: cmd.claimId } }];
      }
      case 'RecordTicketsAllocated':
      case 'RecordTicketsReturned':
      case 'RecordTicketsShort':
        if (!state.view) throw bookingNotFound();
        return decideTickets(cmd, state.view, key);
      case 'IssueDocument': {
        if (!state.view) throw bookingNotFound();
        const d = cmd.data;
        // A repeated or retried job: the document of this version is already recorded.
        if (state.documents.some((x) => x.kind === d.kind && x.language === d.language && x.bookingVersion === d.bookingVersion)) return [];
        if (d.bookingVersion > state.documentVersion) throw new ValidationError(`Booking ${state.id} has no version ${d.bookingVersion} to document`);
        return [{ type: 'DocumentIssued', data: { ...key, ...d } }];
      }
      case 'RedeemBooking':
      case 'MarkNoShow': {
        const v = state.view;
        if (!v) throw bookingNotFound();
        if (v.status === BOOKING_STATUS.cancelled) throw new ValidationError(CHECKIN_MESSAGES.cancelled);
        if (v.status === BOOKING_STATUS.pending) throw new ValidationError(CHECKIN_MESSAGES.pending);
        if (!checkInOpen(v.date, cmd.at)) throw new ValidationError(CHECKIN_MESSAGES.notYet(v.date));
        // A guest once redeemed stays redeemed; a no-show may still turn up late and be redeemed.
        if (v.checkIn?.kind === 'redeemed') throw new ConflictError(CHECKIN_MESSAGES.alreadyRedeemed(v.checkIn));
        if (cmd.type === 'MarkNoShow' && v.checkIn?.kind === 'noShow') throw new ConflictError(CHECKIN_MESSAGES.alreadyNoShow(v.checkIn));
        const data = { ...key, at: cmd.at.toISOString(), byUserId: cmd.byUserId, byName: cmd.byName.trim() || cmd.byUserId };
        return [{ type: cmd.type === 'RedeemBooking' ? 'BookingRedeemed' : 'BookingNoShow', data }];
      }
    }
  },
};

export const bookingStream = (id: number) => `booking-${id}`;
