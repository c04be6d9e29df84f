import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall, apiDownload } from '../../../lib/api-client';
import { bookingListRowSchema } from '../../../app/bookings/booking-list-row.schema';
import { pagedAnswerSchema } from '../../../ui/data-table/paging.schema';
import type { AgentListKind, AgentListQuery } from '../agent-list-query';
import { listParams } from '../agent-list-query';

/** A row of GET /api/agent/bookings and /api/agent/commissions (spec 02 §3 Agent booking, with names). */
export const agentBookingRowSchema = bookingListRowSchema.extend({
  pickUpTimeStart: z.number().nullable(),
  pickUpTimeEnd: z.number().nullable(),
  roomNumber: z.string(),
  numAdults: z.number(),
  numChildren: z.number(),
  numInfants: z.number(),
  numFoc: z.number(),
  grossSales: z.number(),
  agencyReceivable: z.number(),
  agentId: z.number().nullable(),
  staffAgentId: z.number().nullable(),
  agentName: z.string(),
  notes: z.string(),
  canDownloadTickets: z.boolean(),
});
export type AgentBookingRow = z.output<typeof agentBookingRowSchema>;

const agentBookingsAnswer = pagedAnswerSchema(agentBookingRowSchema);

export function fetchAgentList(kind: AgentListKind, q: AgentListQuery, signal?: AbortSignal) {
  return apiCall(agentBookingsAnswer, 'GET', `/api/agent/${kind}?${listParams(q).toString()}`, undefined, { signal });
}

/** bookings.xlsx / commissions.xlsx of the whole filtered list (errors are shown by the caller). */
export function downloadAgentList(kind: AgentListKind, q: AgentListQuery): Promise<{ blob: Blob; fileName: string }> {
  const body = Object.fromEntries(listParams(q).entries());
  delete body.page;
  return apiDownload(`/api/agent/${kind}/export/xlsx`, body, { silent: true });
}


const options = z
  .array(z.object({ id: z.number(), name: z.string() }))
  .nullable()
  .transform((v) => v ?? []);

/** The filter option lists: GET /api/agent/{agents|hotels|offers}/{bookings|commissions} (not asked when !enabled). */
export function useAgentListOptions(what: 'agents' | 'hotels' | 'offers', kind: AgentListKind, enabled = true) {
  return useQuery({
    queryKey: ['agent-list-options', what, kind],
    queryFn: ({ signal }) => apiCall(options, 'GET', `/api/agent/${what}/${kind}`, undefined, { signal }),
    staleTime: 30_000,
    enabled,
  });
}
