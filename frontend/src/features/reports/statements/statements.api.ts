import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { issueStatementMutation } from './statements.logic';

const kind = z.enum(['booked', 'rescheduled', 'cancelled', 'declined']);
const line = z.object({
  bookingId: z.number(), revision: z.number(), kind, at: z.string(), tourName: z.string(), offerName: z.string(), date: z.string(), guestName: z.string(), amount: z.number(), runningTotal: z.number(),
});
export type StatementLine = z.infer<typeof line>;
const statement = z.object({
  supplierId: z.number(), supplierName: z.string(), agencyId: z.number(), agencyName: z.string(), month: z.string(), issued: z.boolean(),
  number: z.number().nullable(), issuedAt: z.string().nullable(), issuedBy: z.string().nullable(), lines: z.array(line), total: z.number(),
});
export type CommissionStatement = z.infer<typeof statement>;
const row = z.object({
  agencyId: z.number(), agencyName: z.string(), month: z.string(), issued: z.boolean(), number: z.number().nullable(), issuedAt: z.string().nullable(),
  lineCount: z.number(), total: z.number(), lastIssuedMonth: z.string().nullable(),
});
export type StatementRow = z.infer<typeof row>;
const agencyRow = z.object({ supplierId: z.number(), supplierName: z.string(), month: z.string(), number: z.number(), issuedAt: z.string(), lineCount: z.number(), total: z.number() });
export type AgencyStatementRow = z.infer<typeof agencyRow>;

export const useStatementRows = (month: string) =>
  useQuery({ queryKey: ['statements', month], queryFn: ({ signal }) => apiCall(z.array(row), 'GET', `/api/reports/statements?month=${month}`, undefined, { signal }) });

export const useStatement = (agencyId: number | null, month: string) =>
  useQuery({
    queryKey: ['statement', agencyId, month],
    queryFn: ({ signal }) => apiCall(statement, 'GET', `/api/reports/statements/${agencyId}/${month}`, undefined, { signal }),
    enabled: agencyId !== null,
    retry: false,
  });

/**
 * Issues a statement. Silent: the panel shows a refusal inline next to the statement, so a notification would say
 * it twice. Done or refused, the list and the open statement are read again (see issueStatementMutation).
 */
export function useIssueStatement() {
  const client = useQueryClient();
  return useMutation(
    issueStatementMutation(client, ({ agencyId, month }: { agencyId: number; month: string }) =>
      apiCall(statement.extend({ position: z.string().nullable() }), 'POST', `/api/reports/statements/${agencyId}/${month}/issue`, undefined, { silent: true }),
    ),
  );
}

export const useAgencyStatements = (enabled: boolean) =>
  useQuery({ queryKey: ['agency-statements'], queryFn: ({ signal }) => apiCall(z.array(agencyRow), 'GET', '/api/agent/commissions/statements', undefined, { signal }), enabled });

/** The Dubai month now, YYYY-MM. */
export const currentMonth = (): string => new Date(Date.now() + 4 * 3600_000).toISOString().slice(0, 7);

/** The `count` months up to `month`, newest first. */
export function monthsUpTo(month: string, count: number): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: count }, (_, i) => new Date(Date.UTC(y, m - 1 - i, 1)).toISOString().slice(0, 7));
}

/** 'YYYY-MM' as the month's name in the interface language: 'March 2026' / 'март 2026 г.'. */
export const monthLabel = (month: string, lang: string): string =>
  new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T00:00:00Z`));
