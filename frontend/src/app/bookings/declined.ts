import { BOOKING_STATUS } from '@tbo/booking/src/pure/booking-status.pure';

/**
 * Declined by operations while pending: status Cancelled (spec 02 §4 has no code of its own for it), with a
 * decline reason and no cancellation of its own. Such a booking was never confirmed, so it has no documents and
 * no refund. Both booking pages (the agent's and the operator's panel) tell it from a cancelled one by this.
 */
export const isDeclined = (b: { status: number; declineReason?: string | null; cancellation: unknown }): boolean =>
  b.status === BOOKING_STATUS.cancelled && b.declineReason != null && !b.cancellation;

/**
 * The key of a booking's status word in a screen's namespace: a declined booking has a word of its own
 * ('statusDeclined': 'Declined'), though its status is Cancelled and the status filter counts it with them; any
 * other booking is named by its status code ('status.4': 'Cancelled').
 */
export const statusWordKey = (status: number, declined: boolean): string => (declined ? 'statusDeclined' : `status.${status}`);
