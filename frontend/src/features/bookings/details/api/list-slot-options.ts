import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../../lib/api-client';
import { SLOT_OPTIONS_KEY } from '../booking-panel.logic';

/**
 * The time slots the booking's ticket offers on a date, with seats left: GET /api/bookings/{id}/slots?date=.
 * Empty when the ticket is not sold that day: the panel then keeps the booking's own slot.
 */
const slotSchema = z.object({
  id: z.number(),
  name: z.string(),
  isNoTime: z.boolean().optional(),
  isAnyTime: z.boolean().optional(),
  startHour: z.number().nullable().optional(),
  startMinutes: z.number().nullable().optional(),
  seatsLeft: z.number().nullable(),
  closed: z.boolean(),
  /** The slot's minimum advance has passed on the date. */
  bookingClosed: z.boolean().default(false),
  closesHoursBefore: z.number().default(0),
});
export type SlotOption = z.infer<typeof slotSchema>;

export function fetchSlotOptions(q: { bookingId: number; date: string }, signal?: AbortSignal): Promise<SlotOption[]> {
  return apiCall(z.array(slotSchema), 'GET', `/api/bookings/${q.bookingId}/slots?date=${q.date}`, undefined, { signal, silent: true });
}

export function useSlotOptions(q: { bookingId: number; date: string }, enabled: boolean) {
  return useQuery({ queryKey: [...SLOT_OPTIONS_KEY, q], queryFn: ({ signal }) => fetchSlotOptions(q, signal), enabled: enabled && q.date !== '', retry: false, staleTime: 15_000 });
}
