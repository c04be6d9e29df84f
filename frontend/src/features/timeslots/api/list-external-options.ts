import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { listOrEmpty } from '../../../lib/api-defaults';
import type { ExternalOffer, ExternalTimeSlot } from '@tbo/connectivity/src/external/external-catalog.pure';
import { ApiError, apiCall } from '../../../lib/api-client';

/**
 * The external provider's lists for a slot's external fields (spec 02 §7, the connectivity module's answers): the
 * supplier's providers, a provider's products (each with its options, the default first), and a product option's
 * start times.
 * Silent: the fields say themselves when a list cannot be read; no retries (a provider that failed is asked again
 * when the user picks again).
 */

const providersAnswer = z
  .array(z.object({ id: z.number(), name: z.string() }))
  .nullable()
  .transform((rows) => rows ?? []);
const offerOption = z.object({ id: z.string(), name: z.string(), isDefault: z.boolean() });
const offersAnswer = z
  .array(
    z.object({
      id: z.string(),
      name: z.string(),
      options: listOrEmpty(offerOption),
    }) satisfies z.ZodType<ExternalOffer>,
  )
  .nullable()
  .transform((rows) => rows ?? []);
const slotsAnswer = z
  .array(z.object({ id: z.string(), name: z.string(), startMinutes: z.number() }) satisfies z.ZodType<ExternalTimeSlot>)
  .nullable()
  .transform((rows) => rows ?? []);

export type { ExternalOffer, ExternalTimeSlot };

const STALE_MS = 60_000;

/** GET /api/timeslots/externalproviders: [{id, name}] by name. */
export function useExternalProviders(enabled: boolean) {
  return useQuery({
    queryKey: ['timeslots', 'externalproviders'],
    queryFn: async ({ signal }) => (await apiCall(providersAnswer, 'GET', '/api/timeslots/externalproviders', undefined, { signal, silent: true })).map((p) => ({ value: p.id, label: p.name })),
    enabled,
    retry: false,
    staleTime: STALE_MS,
  });
}

/** GET /api/timeslots/externaloffers?apiproviderid=: the provider's products with their options, by name. */
export function useExternalProducts(providerId: number | null) {
  return useQuery({
    queryKey: ['timeslots', 'externaloffers', providerId],
    queryFn: ({ signal }) => apiCall(offersAnswer, 'GET', `/api/timeslots/externaloffers?apiproviderid=${providerId}`, undefined, { signal, silent: true }),
    enabled: !!providerId,
    retry: false,
    staleTime: STALE_MS,
  });
}

/** A product without start times (the API's 422, or an empty list): the page says 'No time slots for selected product…'. */
export class NoExternalSlotsError extends Error {}

/** GET /api/timeslots/externaltimeslots?apiProviderId=&productId=[&optionId=]: the option's start times, 'HH:MM'. */
export function useExternalSlots(providerId: number | null, productId: string | null, optionId: string | null) {
  return useQuery({
    queryKey: ['timeslots', 'externaltimeslots', providerId, productId, optionId],
    queryFn: async ({ signal }) => {
      const query = new URLSearchParams({ apiProviderId: String(providerId), productId: productId ?? '' });
      if (optionId) query.set('optionId', optionId);
      let rows: ExternalTimeSlot[];
      try {
        rows = await apiCall(slotsAnswer, 'GET', `/api/timeslots/externaltimeslots?${query.toString()}`, undefined, { signal, silent: true });
      } catch (err) {
        if (err instanceof ApiError && err.code === 422) throw new NoExternalSlotsError(err.message);
        throw err;
      }
      if (!rows.length) throw new NoExternalSlotsError('');
      return rows;
    },
    enabled: !!providerId && !!productId,
    retry: false,
    staleTime: STALE_MS,
  });
}
