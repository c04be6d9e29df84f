import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** GET /api/tickets/types: the attraction ticket types to choose from (only the id and name are used here). */
const ticketTypeSchema = z.object({ id: z.number(), name: z.string() });
export type TicketTypeView = z.infer<typeof ticketTypeSchema>;
/** An empty answer is no types. */
export const ticketTypesSchema = z.array(ticketTypeSchema).nullable().transform((rows) => rows ?? []);

const TICKET_TYPES_KEY = ['tickets', 'types'] as const;

export const listTicketTypes = (): Promise<TicketTypeView[]> => apiCall(ticketTypesSchema, 'GET', '/api/tickets/types');

export function useTicketTypes() {
  return useQuery({ queryKey: TICKET_TYPES_KEY, queryFn: listTicketTypes, staleTime: 5 * 60_000 });
}
