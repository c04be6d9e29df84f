import { apiCall } from '../../../lib/api-client';
import { bookingViewSchema, type BookingView } from './booking-view.schema';

/** POST /api/agent/bookings/{id}/cancel: the agent's own booking (an agency admin: the agency's); answers the booking with its refund. */
export function cancelAgentBooking(id: number, reason: string, version: number | null | undefined): Promise<BookingView> {
  return apiCall(bookingViewSchema, 'POST', `/api/agent/bookings/${id}/cancel`, { reason, ...(typeof version === 'number' ? { version } : {}) }, { silent: true });
}
