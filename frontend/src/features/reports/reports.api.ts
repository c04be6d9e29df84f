import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../lib/api-client';

export const REPORT_KINDS = ['sales-by-tour', 'sales-by-agency', 'sales-by-agent', 'sales-by-day', 'sales-by-month', 'commissions-by-agency', 'pax-by-date-slot', 'cancellations'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

const figures = {
  bookings: z.number(), adults: z.number(), children: z.number(), infants: z.number(), foc: z.number(),
  totalUsd: z.number(), totalAed: z.number(), netUsd: z.number(), netAed: z.number(), grossSales: z.number(), commission: z.number(),
  cancelled: z.number(), declined: z.number(), refundUsd: z.number(), refundAed: z.number(), penaltyUsd: z.number(), penaltyAed: z.number(),
};
const line = z.object({
  ...figures,
  tourId: z.number().nullish(), tourName: z.string().nullish(), offerId: z.number().nullish(), offerName: z.string().nullish(),
  agencyId: z.number().nullish(), agencyName: z.string().nullish(), agentId: z.number().nullish(), agentName: z.string().nullish(),
  day: z.string().nullish(), month: z.string().nullish(), timeSlotName: z.string().nullish(), startTime: z.number().nullish(),
});
export type ReportLine = z.infer<typeof line>;
const answer = z.object({ kind: z.enum(REPORT_KINDS), lines: z.array(line), totals: z.object(figures) });
export type ReportAnswer = z.infer<typeof answer>;

const build = z.object({
  id: z.number(), until: z.string(), status: z.enum(['queued', 'running', 'done', 'failed']), events: z.number(), progress: z.number(), error: z.string().nullable(),
});
export type AsOfBuild = z.infer<typeof build>;

const options = z.object({ tours: z.array(z.object({ id: z.number(), name: z.string() })), agencies: z.array(z.object({ id: z.number(), name: z.string() })) });

export interface ReportParams {
  dateBasis: 'tour' | 'booking';
  from: string;
  to: string;
  tourId: string;
  agencyId: string;
  asOf: number | null;
}

export function reportQueryString(p: ReportParams): string {
  const q = new URLSearchParams({ dateBasis: p.dateBasis });
  if (p.from) q.set('from', p.from);
  if (p.to) q.set('to', p.to);
  if (p.tourId) q.set('tourId', p.tourId);
  if (p.agencyId) q.set('agencyId', p.agencyId);
  if (p.asOf) q.set('asOf', String(p.asOf));
  return q.toString();
}

export const useReport = (kind: ReportKind, p: ReportParams, enabled: boolean) =>
  useQuery({
    queryKey: ['report', kind, reportQueryString(p)],
    queryFn: ({ signal }) => apiCall(answer, 'GET', `/api/reports/${kind}?${reportQueryString(p)}`, undefined, { signal }),
    enabled,
    retry: false,
  });

export const useReportOptions = () =>
  useQuery({ queryKey: ['report-options'], queryFn: ({ signal }) => apiCall(options, 'GET', '/api/reports/options', undefined, { signal }), staleTime: 60_000 });

export const requestAsOf = (at: string) => apiCall(build, 'POST', '/api/reports/asof', { at });

/** The build's state, polled until it is done or failed (the progress bar follows it). */
export const useAsOfBuild = (id: number | null) =>
  useQuery({
    queryKey: ['report-asof', id],
    queryFn: ({ signal }) => apiCall(build, 'GET', `/api/reports/asof/${id}`, undefined, { signal, background: true }),
    enabled: id !== null,
    retry: false,
    refetchInterval: (q) => (q.state.data && (q.state.data.status === 'done' || q.state.data.status === 'failed') ? false : 400),
  });
