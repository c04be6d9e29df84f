import { z } from 'zod';
import { apiCall } from '../../lib/api-client';

export const checkInSchema = z.object({
  reference: z.string(), guestName: z.string(), adults: z.number(), children: z.number(), infants: z.number(), foc: z.number(),
  tourName: z.string(), offerName: z.string(), date: z.string(), slotName: z.string().nullable(), startTime: z.number().nullable(), endTime: z.number().nullable(),
  hotelName: z.string(), roomNumber: z.string(), status: z.number(), statusText: z.string(),
  checkIn: z.object({ kind: z.enum(['redeemed', 'noShow']), at: z.string(), byName: z.string() }).nullable(),
  canCheckIn: z.boolean(),
  opensOn: z.string().nullable(),
});
export type CheckInData = z.infer<typeof checkInSchema>;

export const fetchCheckIn = (reference: string, signal?: AbortSignal) => apiCall(checkInSchema, 'GET', `/api/checkin/${encodeURIComponent(reference)}`, undefined, { signal, silent: true });
export const recordCheckIn = (reference: string, kind: 'redeem' | 'noshow') => apiCall(checkInSchema, 'POST', `/api/checkin/${encodeURIComponent(reference)}/${kind}`, undefined, { silent: true });
