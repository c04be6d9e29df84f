import { apiCall } from '../../../../lib/api-client';
import { changedBookingSchema, type ChangedBooking } from './booking-view.schema';

export type BookingVerb = 'confirm' | 'decline' | 'cancel' | 'complete' | 'amend' | 'reschedule';

/**
 * POST /api/bookings/{id}/{verb} with the version the operator saw (a 409 when someone changed it meanwhile).
 * Silent: the panel shows refusals and field messages beside the form that caused them.
 */
export function postBookingAction(id: number, verb: BookingVerb, body: object, version: number): Promise<ChangedBooking> {
  return apiCall(changedBookingSchema, 'POST', `/api/bookings/${id}/${verb}`, { ...body, version }, { silent: true });
}
