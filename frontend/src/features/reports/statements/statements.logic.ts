import type { QueryClient } from '@tanstack/react-query';
import type { StatementRow } from './statements.api';

/** The queries an Issue attempt may have made stale: every month's list of statements and every open statement. */
export const STATEMENT_QUERY_ROOTS: readonly (readonly string[])[] = [['statements'], ['statement']];

/**
 * Reads the statement list and the open statement again after an Issue attempt, whether it was done or refused.
 * A refusal (409: a colleague issued it meanwhile, or the month's figures are not ready yet) means the screen's
 * 'Not issued' row is out of date; without a fresh read the Issue button stays and only earns the same refusal.
 */
export function refreshAfterIssue(client: Pick<QueryClient, 'invalidateQueries'>): Promise<unknown> {
  return Promise.all(STATEMENT_QUERY_ROOTS.map((root) => client.invalidateQueries({ queryKey: [...root] })));
}

/** The Issue mutation's options: `issue` makes the call; done or refused, the list and the statement are read again. */
export function issueStatementMutation<T, V>(client: Pick<QueryClient, 'invalidateQueries'>, issue: (vars: V) => Promise<T>) {
  return {
    mutationFn: issue,
    // onSettled, not onSuccess: a refused Issue changes what the screen must show as much as a done one.
    onSettled: () => refreshAfterIssue(client),
  };
}

/**
 * Whether a statement may be issued now: not issued yet, with changes in it, and no later month issued already
 * (those changes went on the later statement).
 */
export const canIssue = (r: Pick<StatementRow, 'issued' | 'lineCount' | 'lastIssuedMonth'>, month: string): boolean =>
  !r.issued && r.lineCount > 0 && (r.lastIssuedMonth === null || r.lastIssuedMonth < month);
