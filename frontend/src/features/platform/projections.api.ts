import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../lib/api-client';

/**
 * The platform's projection levers (apps/api/src/projections, superadmin only): GET /api/projections, GET
 * /api/projections/{name}/parked, POST /api/projections/{name}/retry and /skip with {eventId?}.
 */

/** A parked event (read-models' ParkedEventView). */
const parkedEvent = z.object({
  position: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  streamId: z.string(),
  revision: z.number(),
  supplierId: z.number().nullable(),
  reason: z.enum(['failed', 'held']),
  error: z.string().nullable(),
  attempts: z.number(),
  parkedAt: z.string(),
  triedAt: z.string().nullable(),
});
export type ParkedEvent = z.infer<typeof parkedEvent>;
/** A parked event as the list of a projection's parked events gives it: with its supplier's name. */
const listedParkedEvent = parkedEvent.extend({ supplierName: z.string().nullable() });
export type ListedParkedEvent = z.infer<typeof listedParkedEvent>;

/** A projection or process manager with its checkpoint, lag and parked events (read-models' RunnerStatus). */
const runner = z.object({
  name: z.string(),
  kind: z.enum(['projection', 'process-manager']),
  version: z.number(),
  liveVersion: z.number().nullable(),
  state: z.enum(['running', 'missing']),
  checkpoint: z.string().nullable(),
  head: z.string().nullable(),
  caughtUp: z.boolean(),
  stale: z.boolean(),
  eventsApplied: z.number(),
  updatedAt: z.string().nullable(),
  parked: z.object({ count: z.number(), streams: z.number(), oldest: parkedEvent.nullable() }),
  lag: z.number().nullable(),
  lagCapped: z.boolean(),
});
export type Runner = z.infer<typeof runner>;

/** What a retry or a skip did to the event's stream. */
const outcome = z.object({ name: z.string(), streamId: z.string(), applied: z.number(), remaining: z.number(), failing: parkedEvent.nullable() });
export type ParkedOutcome = z.infer<typeof outcome>;

export const RUNNERS_KEY = ['platform', 'projections'] as const;
export const parkedKey = (name: string) => ['platform', 'projections', name, 'parked'] as const;

/** How often the status is read again while the page is open (the tab in the background: not at all). */
export const POLL_MS = 10_000;

const path = (name: string) => `/api/projections/${encodeURIComponent(name)}`;

/** `background`: a poll or a refresh of a list already shown: no page-wide spinner (the Refresh button shows it is busy). */
export const listRunners = (signal?: AbortSignal, background = false) => apiCall(z.array(runner), 'GET', '/api/projections', undefined, { signal, background });

export const listParked = (name: string, signal?: AbortSignal, background = false) => apiCall(z.array(listedParkedEvent), 'GET', `${path(name)}/parked`, undefined, { signal, background });

/** Applies the event's stream again; a 409 (it still fails, nothing applied) or 404 is notified with the server's words. */
export const retryParked = (name: string, eventId: string) => apiCall(outcome, 'POST', `${path(name)}/retry`, { eventId });

/** Drops the event (the first parked one of its stream) for good, then applies the events held behind it. */
export const skipParked = (name: string, eventId: string) => apiCall(outcome, 'POST', `${path(name)}/skip`, { eventId });

export function useRunners() {
  return useQuery({
    queryKey: RUNNERS_KEY,
    queryFn: ({ signal, client }) => listRunners(signal, client.getQueryData(RUNNERS_KEY) !== undefined),
    refetchInterval: POLL_MS,
  });
}

/** The parked events of one projection; off while `name` is null. */
export function useParked(name: string | null) {
  const queryKey = parkedKey(name ?? '');
  return useQuery({
    queryKey,
    queryFn: ({ signal, client }) => listParked(name!, signal, client.getQueryData(queryKey) !== undefined),
    enabled: name !== null,
    refetchInterval: POLL_MS,
  });
}
