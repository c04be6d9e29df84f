import { BOOKING_LIMITS } from '@tbo/booking/src/pure/booking-rules.pure';

/** The people counts the reschedule form edits (the server's field names). */
export type Count = 'adults' | 'children' | 'infants' | 'foc';
export const COUNTS: Count[] = ['adults', 'children', 'infants', 'foc'];

/** A count's lower bound: the booking rules' adult minimum, 0 for the others. */
export const countMin = (c: Count): number => (c === 'adults' ? BOOKING_LIMITS.adultsMin : 0);

/**
 * What is wrong with a count, as its key under booking-details' `form.` (null when nothing is). An emptied count is
 * refused, not sent as 0: the person may have cleared it to type another, and 0 adults is no booking.
 */
export function countProblem(c: Count, value: number | null): 'adultsRequired' | 'countRequired' | null {
  if (c === 'adults' && (value === null || value < countMin(c))) return 'adultsRequired';
  return value === null ? 'countRequired' : null;
}
