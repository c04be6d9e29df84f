import type { BookingCreatedData, BookingEvent } from '@tbo/event-schemas';
import { BOOKING_STATUS, BOOKING_STATUS_TEXT, type BookingStatusCode } from './booking-status.pure';

/**
 * A booking as its events leave it: the decider's state and the details read model are both this fold, so
 * what a command decides on and what a screen shows cannot drift apart. Pure (shared with read-models).
 */
export interface BookingView extends Omit<BookingCreatedData, 'status'> {
  /** The stream's revision after the last event: the version an edit sends back. */
  version: number;
  status: BookingStatusCode;
  statusText: string;
  bookedAt: string;
  bookedByUserId: string | null;
  cancellation: null | { reason: string; hoursBeforeStart: number; penaltyPercent: number; refundUsd: number; refundAed: number; penaltyUsd: number; penaltyAed: number; at: string };
  declineReason: string | null;
}

export interface RecordedBookingEvent {
  revision: number;
  recordedAt: string;
  userId: string | null;
}

/** Folds one event into the view; null before BookingCreated (a stream holding only a voided claim is no booking). */
export function evolveBookingView(view: BookingView | null, event: BookingEvent, at: RecordedBookingEvent): BookingView | null {
  if (event.type === 'BookingCreated') {
    return {
      ...event.data,
      version: at.revision,
      status: event.data.status,
      statusText: BOOKING_STATUS_TEXT[event.data.status],
      bookedAt: at.recordedAt,
      bookedByUserId: at.userId,
      cancellation: null,
      declineReason: null,
    };
  }
  if (!view) return null;
  const next = { ...view, version: at.revision };
  const withStatus = (status: BookingStatusCode): BookingView => ({ ...next, status, statusText: BOOKING_STATUS_TEXT[status] });
  switch (event.type) {
    case 'BookingConfirmed':
      return withStatus(BOOKING_STATUS.normal);
    case 'BookingDeclined':
      return { ...withStatus(BOOKING_STATUS.cancelled), declineReason: event.data.reason };
    case 'BookingCompleted':
      return withStatus(BOOKING_STATUS.completed);
    case 'BookingCancelled': {
      const { id: _id, supplierId: _s, claimId: _c, departure: _d, ...c } = event.data;
      return { ...withStatus(BOOKING_STATUS.cancelled), cancellation: { ...c, at: at.recordedAt } };
    }
    case 'BookingGuestAmended': {
      const { id: _id, supplierId: _s, ...fields } = event.data;
      return { ...next, ...fields };
    }
    case 'BookingRescheduled': {
      const { id: _id, supplierId: _s, differenceUsd: _du, differenceAed: _da, previousClaimId: _pc, previousDeparture: _pd, status, ...fields } = event.data;
      return { ...withStatus(status), ...fields };
    }
    case 'BookingSeatClaimVoided':
      return next;
  }
}

/** A pending booking past the time operations had to answer (shown in red; nothing is cancelled by it). */
export const isOverdue = (view: Pick<BookingView, 'status' | 'responseDueAt'>, now: Date): boolean =>
  view.status === BOOKING_STATUS.pending && view.responseDueAt !== null && Date.parse(view.responseDueAt) < now.getTime();

/** Whether an agent may download the booking's tickets (spec 02 §6: only when canDownloadTickets). */
export const canDownloadTickets = (view: Pick<BookingView, 'status' | 'ticketsRequired'>): boolean =>
  view.ticketsRequired && (view.status === BOOKING_STATUS.normal || view.status === BOOKING_STATUS.completed);
