import type { BookingCreatedData, BookingEvent, BookingTicketData } from '@tbo/event-schemas';
import { round2, usdToAed } from './booking-money.pure';
import { BOOKING_STATUS, BOOKING_STATUS_TEXT, type BookingStatusCode } from './booking-status.pure';
import { checkInOf, type BookingCheckIn } from './booking-checkin.pure';

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
  /** Redeemed or no-show on the day, the latest of them; null before (undefined in rows folded before check-in existed). */
  checkIn?: BookingCheckIn | null;
  /** The attraction ticket codes it holds (absent or empty: none yet, or returned). */
  tickets?: BookingTicketData[];
  /** Why a confirmation was put back to pending: the ticket stock was short (null once codes are allocated). */
  ticketsShortReason?: string | null;
  /**
   * USD of price cuts that collect, already 0, could not absorb (the guest paid beyond the price). A later rise takes
   * it back first, so lowering and restoring the counts asks the guest for what they owed before, not more.
   */
  paidBeyondPriceUsd?: number;
  /** The same in AED, kept beside it so restoring the price restores the AED agreed to the cent (absent: convert). */
  paidBeyondPriceAed?: number;
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
      checkIn: null,
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
      const { id: _id, supplierId: _s, differenceUsd, differenceAed, previousClaimId: _pc, previousDeparture: _pd, status, noShowCleared, ...fields } = event.data;
      const owed = collectAfterPriceChange(view, { usd: differenceUsd, aed: differenceAed }, fields.prices.convRate);
      return { ...withStatus(status), ...fields, paidBeyondPriceUsd: owed.paidBeyondPriceUsd, paidBeyondPriceAed: owed.paidBeyondPriceAed, ...(noShowCleared ? { checkIn: null } : {}) };
    }
    case 'BookingSeatClaimVoided':
      // Settling bookkeeping (a claim the booking does not hold, e.g. the seats a reschedule moved off): nothing
      // a person edits changed, and the read models skip it, so the version an open form sends back stays.
      return view;
    // Ticket records are the worker's bookkeeping: like a document's, they leave the version an edit sends back.
    case 'BookingTicketsAllocated':
      return { ...view, tickets: event.data.tickets, ticketsShortReason: null };
    case 'BookingTicketsReturned':
      return { ...view, tickets: [] };
    case 'BookingTicketsShort':
      return { ...view, status: BOOKING_STATUS.pending, statusText: BOOKING_STATUS_TEXT[BOOKING_STATUS.pending], ticketsShortReason: event.data.reason };
    case 'DocumentIssued':
      // A document shows the booking; it does not change it: the version an edit sends back stays.
      return view;
    case 'BookingRedeemed':
    case 'BookingNoShow':
      // The day's check-in is no edit of the booking: an operator's open form stays current.
      return { ...view, checkIn: checkInOf(event.type === 'BookingRedeemed' ? 'redeemed' : 'noShow', event.data) };
  }
}

/**
 * What is left to collect after the price moved by `difference`: the balance (collect less what was paid beyond the
 * price) follows the price; collect is its part above 0 and paidBeyondPrice its part below. The AED figures keep a
 * balance of their own while the rate stays (`rate`: the new prices'), so lowering and restoring the counts gives back
 * the AED the agent agreed, not the USD converted again a cent away; a new rate converts the USD figures.
 */
export function collectAfterPriceChange(
  view: Pick<BookingView, 'collect' | 'collectOrig' | 'paidBeyondPriceUsd' | 'paidBeyondPriceAed' | 'prices'>,
  difference: { usd: number; aed: number },
  rate: number,
): { collect: number; collectOrig: number; paidBeyondPriceUsd: number; paidBeyondPriceAed: number } {
  const balanceUsd = round2(view.collect - (view.paidBeyondPriceUsd ?? 0) + difference.usd);
  const collect = Math.max(0, balanceUsd);
  const paidBeyondPriceUsd = Math.max(0, -balanceUsd);
  const sameRate = rate === view.prices.convRate;
  const beyondAed = view.paidBeyondPriceAed ?? usdToAed(view.paidBeyondPriceUsd ?? 0, view.prices.convRate);
  const balanceAed = round2(view.collectOrig - beyondAed + difference.aed);
  // Where the two balances part within rounding (one just above 0, the other not), AED follows USD.
  const aedOf = (usd: number, sign: 1 | -1) => (usd === 0 ? 0 : sameRate && sign * balanceAed > 0 ? sign * balanceAed : usdToAed(usd, rate));
  return { collect, collectOrig: aedOf(collect, 1), paidBeyondPriceUsd, paidBeyondPriceAed: aedOf(paidBeyondPriceUsd, -1) };
}

/** A pending booking past the time operations had to answer (shown in red; nothing is cancelled by it). */
export const isOverdue = (view: Pick<BookingView, 'status' | 'responseDueAt'>, now: Date): boolean =>
  view.status === BOOKING_STATUS.pending && view.responseDueAt !== null && Date.parse(view.responseDueAt) < now.getTime();

/**
 * Whether the codes a booking holds are those it needs now: one per adult, child and infant (by category), each
 * valid on its date. A reschedule to other counts or a later date leaves codes that do not fit until the tickets
 * worker has given them back and taken new ones.
 */
export const ticketsFit = (view: Pick<BookingView, 'tickets' | 'date' | 'adults' | 'children' | 'infants'>): boolean => {
  const held = view.tickets ?? [];
  return [view.adults, view.children, view.infants].every((n, category) => held.filter((t) => t.category === category).length === n) && held.every((t) => t.expiresOn >= view.date);
};

/** Whether an agent may download the booking's tickets (spec 02 §6: only when canDownloadTickets): never codes that no longer fit it. */
export const canDownloadTickets = (view: Pick<BookingView, 'status' | 'ticketsRequired' | 'tickets' | 'date' | 'adults' | 'children' | 'infants'>): boolean =>
  view.ticketsRequired && (view.tickets?.length ?? 0) > 0 && (view.status === BOOKING_STATUS.normal || view.status === BOOKING_STATUS.completed) && ticketsFit(view);
