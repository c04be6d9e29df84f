/**
 * What the panel offers whom (issue 13, spec 02 §2): operations and admins run a booking (confirm or decline a
 * pending one, cancel, amend the guest details, change date, slot or people, complete); accounts may only cancel
 * it; all three read its history. The server checks the same again: this only hides buttons that would be refused.
 */
import { BOOKING_STATUS } from '@tbo/booking/src/pure/booking-status.pure';
import { dubaiToday } from '@tbo/scheduling/src/departures/business-date.pure';
import { hasAnyRole } from '../../../lib/roles';

export const BOOKING_ACTIONS = ['confirm', 'decline', 'cancel', 'amend', 'reschedule', 'complete'] as const;
export type BookingAction = (typeof BOOKING_ACTIONS)[number];

export const OPERATOR_BOOKING_ROLES = ['accounts', 'admin', 'operations'] as const;
const RUNS_BOOKINGS = ['operations', 'admin'] as const;
const CANCELS_BOOKINGS = ['operations', 'admin', 'accounts'] as const;

/** Cancelled and completed bookings are final. */
export const isFinal = (status: number): boolean => status === BOOKING_STATUS.cancelled || status === BOOKING_STATUS.completed;

/**
 * The actions, in the order the panel shows them, that these roles may take on a booking: complete only from its
 * date (Dubai) on, since a tour not yet run cannot be completed.
 */
export function allowedActions(roles: readonly string[], booking: { status: number; date: string; checkIn?: { kind: string } | null }, today: string = dubaiToday()): BookingAction[] {
  const { status } = booking;
  if (isFinal(status)) return [];
  const runs = hasAnyRole(roles, RUNS_BOOKINGS);
  // A guest who checked in took the tour: it can no longer be cancelled (refunded) or moved.
  const taken = booking.checkIn?.kind === 'redeemed';
  const out: BookingAction[] = [];
  if (runs && status === BOOKING_STATUS.pending) out.push('confirm', 'decline');
  if (!taken && hasAnyRole(roles, CANCELS_BOOKINGS)) out.push('cancel');
  if (runs) out.push(...(taken ? ['amend' as const] : ['amend' as const, 'reschedule' as const]));
  if (runs && status !== BOOKING_STATUS.pending && booking.date <= today) out.push('complete');
  return out;
}

/** Whether these roles may read a booking's history. */
export const canSeeHistory = (roles: readonly string[]): boolean => hasAnyRole(roles, OPERATOR_BOOKING_ROLES);
