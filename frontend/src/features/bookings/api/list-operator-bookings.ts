import { z } from 'zod';
import { apiCall, apiDownload } from '../../../lib/api-client';
import { bookingListRowSchema } from '../../../app/bookings/booking-list-row.schema';
import { pagedAnswerSchema } from '../../../ui/data-table/paging.schema';
import type { OperatorListBody } from '../list/operator-query';
import { storedPosition } from '../../../lib/read-after';
import { BOOKINGS_AFTER_KEY } from '../details/use-booking-action';

/** One row of POST /api/bookings/operations (modules/booking/src/lists). */
export const operatorBookingRowSchema = bookingListRowSchema.extend({
  startTime: z.number().nullable(),
  region: z.string(),
  ad: z.number(),
  ch: z.number(),
  inf: z.number(),
  foc: z.number(),
  paid: z.number(),
  paidTo: z.string(),
  collect: z.number(),
  collectTo: z.string(),
  isOverdue: z.boolean(),
});
export type OperatorBookingRow = z.output<typeof operatorBookingRowSchema>;

export const bookingSumsSchema = z.object({ ad: z.number(), ch: z.number(), inf: z.number(), foc: z.number() });
export type BookingSums = z.output<typeof bookingSumsSchema>;

/** `sums` over every filtered row; `comingSums` over those not cancelled or declined (absent from an older API). */
export const operatorBookingsAnswer = pagedAnswerSchema(operatorBookingRowSchema).extend({ sums: bookingSumsSchema, comingSums: bookingSumsSchema.optional(), from: z.string(), to: z.string() });
export type OperatorBookingsAnswer = z.output<typeof operatorBookingsAnswer>;

/**
 * POST /api/bookings/operations: one page, with the sums over the whole filtered set. After a change made in the
 * booking panel, the list waits for it (the position the panel kept), so the row shows the new status at once.
 */
export function fetchOperatorBookings(body: OperatorListBody, signal?: AbortSignal): Promise<OperatorBookingsAnswer> {
  const after = storedPosition(BOOKINGS_AFTER_KEY);
  return apiCall(operatorBookingsAnswer, 'POST', '/api/bookings/operations', after ? { ...body, after } : body, { signal });
}

/** bookings.xlsx of the whole filtered list (errors are shown by the caller). */
export function downloadOperatorBookings(body: OperatorListBody): Promise<{ blob: Blob; fileName: string }> {
  const { page: _page, pageSize: _pageSize, ...rest } = body;
  return apiDownload('/api/bookings/operations/xlsx', rest, { silent: true });
}
