import { BOOKING_STATUS } from '@tbo/booking/src/pure/booking-status.pure';

/**
 * Declined by operations while pending: status Cancelled (spec 02 §4 has no code of its own for it), with a
 * decline reason and no cancellation of its own. Such a booking was never confirmed, so it has no documents and
 * no refund. Both booking pages (the agent's and the operator's panel) tell it from a cancelled one by this.
 */
export const isDeclined = (b: { status: number; declineReason?: string | null; cancellation: unknown }): boolean =>
  b.status === BOOKING_STATUS.cancelled && b.declineReason != null && !b.cancellation;
