import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../lib/api-client';

const checkIn = z.object({ kind: z.enum(['redeemed', 'noShow']), at: z.string(), byName: z.string() }).nullable();
const totals = z.object({ bookings: z.number(), ad: z.number(), ch: z.number(), inf: z.number(), foc: z.number(), toCollect: z.number(), checkedIn: z.number() });
const line = z.object({
  reference: z.string(), guestName: z.string(), room: z.string(), phones: z.string(), ad: z.number(), ch: z.number(), inf: z.number(), foc: z.number(),
  tourName: z.string(), offerName: z.string(), slotName: z.string(), startTime: z.number().nullable(), endTime: z.number().nullable(), voucher: z.string(),
  toCollect: z.number(), notes: z.string(), status: z.number(), statusText: z.string(), checkIn,
});
export const manifestSchema = z.object({
  date: z.string(),
  slotId: z.number().nullable(),
  slots: z.array(z.object({ id: z.number(), name: z.string(), startTime: z.number().nullable() })),
  groups: z.array(z.object({ pickUpStart: z.number().nullable(), pickUpEnd: z.number().nullable(), regionName: z.string(), hotelName: z.string(), lines: z.array(line), totals })),
  totals,
});
export type ManifestData = z.infer<typeof manifestSchema>;
export type ManifestLine = ManifestData['groups'][number]['lines'][number];

export const staffSchema = z.object({
  date: z.string(),
  slots: z.array(z.object({ id: z.number(), name: z.string(), startTime: z.number().nullable(), staff: z.array(z.object({ email: z.string(), name: z.string(), role: z.string() })) })),
  candidates: z.array(z.object({ email: z.string(), name: z.string(), role: z.string() })),
});

export const manifestQuery = (date: string, slotId: number | null) => `date=${date}${slotId ? `&slotId=${slotId}` : ''}`;

/** Silent: the page says a failed load itself, with Retry (a notification too would say it twice). */
export const useManifest = (date: string, slotId: number | null) =>
  useQuery({
    queryKey: ['manifest', date, slotId],
    queryFn: ({ signal }) => apiCall(manifestSchema, 'GET', `/api/manifests?${manifestQuery(date, slotId)}`, undefined, { signal, silent: true }),
    retry: false,
  });

/** `after`: the position an assignment answered with, so the list shows it (the list stays on screen meanwhile). */
export const useManifestStaff = (date: string, enabled: boolean, after: string | null = null) =>
  useQuery({
    queryKey: ['manifest-staff', date, after],
    queryFn: ({ signal }) => apiCall(staffSchema, 'GET', `/api/manifests/staff?date=${date}${after ? `&after=${encodeURIComponent(after)}` : ''}`, undefined, { signal }),
    enabled,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** Silent: the staff section shows a refusal inline, by the slot it concerns (a notification too would say it twice). */
export const assignStaff = (body: { date: string; slotId: number; email: string; assigned: boolean }) =>
  apiCall(z.object({ position: z.string().nullable() }), 'POST', '/api/manifests/staff', body, { silent: true });
