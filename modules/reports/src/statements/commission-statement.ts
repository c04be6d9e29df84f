import type { CommissionStatementEvent, CommissionStatementLineData } from '@tbo/event-schemas';
import { STATEMENT_MAX_LINES } from '@tbo/event-schemas';
import { ConflictError, ValidationError, type Decider } from '@tbo/kernel';

export const STATEMENT_MESSAGES = {
  alreadyIssued: 'The statement for this month is already issued',
  laterIssued: "A later month's statement is already issued: changes go on the next one",
  future: 'A statement can be issued for the current month or an earlier one',
  empty: 'There is nothing to put on this statement: no commission changed',
  changed: 'The statements changed in the meantime. Reload and try again.',
  tooLong: `A statement holds at most ${STATEMENT_MAX_LINES} lines`,
  notFound: 'The statement was not found or you are not allowed to see it',
} as const;

export interface StatementsState {
  /** The latest month issued (YYYY-MM), null before the first statement. */
  lastMonth: string | null;
  issued: number;
}

export interface IssueStatement {
  type: 'IssueCommissionStatement';
  supplierId: number;
  agencyId: number;
  month: string;
  /** The Dubai month now: nothing later can be issued. */
  currentMonth: string;
  /** The statements issued when the lines were gathered: the lines are right only on that state. */
  basedOn: number;
  lines: CommissionStatementLineData[];
  issuedBy: string;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

/**
 * A supplier's statements to one agency. A month is issued once, months in order (an earlier month than the latest
 * issued can no longer be: its changes went on a later one). Issuing the same month again is refused (409), not
 * repeated: a repeat with the same Idempotency-Key answers the first answer instead.
 */
export const statementsDecider: Decider<IssueStatement, CommissionStatementEvent, StatementsState> = {
  initialState: { lastMonth: null, issued: 0 },
  evolve(state, event) {
    return { lastMonth: event.data.month, issued: state.issued + 1 };
  },
  decide(cmd, state) {
    if (cmd.month > cmd.currentMonth) throw new ValidationError(STATEMENT_MESSAGES.future, { month: [STATEMENT_MESSAGES.future] });
    if (state.lastMonth !== null && cmd.month === state.lastMonth) throw new ConflictError(STATEMENT_MESSAGES.alreadyIssued);
    if (state.lastMonth !== null && cmd.month < state.lastMonth) throw new ConflictError(STATEMENT_MESSAGES.laterIssued);
    if (cmd.basedOn !== state.issued) throw new ConflictError(STATEMENT_MESSAGES.changed);
    if (!cmd.lines.length) throw new ValidationError(STATEMENT_MESSAGES.empty);
    if (cmd.lines.length > STATEMENT_MAX_LINES) throw new ValidationError(STATEMENT_MESSAGES.tooLong);
    const total = round2(cmd.lines.reduce((sum, l) => sum + l.amount, 0));
    return [
      {
        type: 'CommissionStatementIssued',
        data: { supplierId: cmd.supplierId, agencyId: cmd.agencyId, month: cmd.month, number: state.issued + 1, lines: cmd.lines, total, issuedBy: cmd.issuedBy },
      },
    ];
  },
};

/** Module-private: one stream per supplier and agency. */
export const statementsStream = (supplierId: number, agencyId: number) => `commissionstatements-s${supplierId}a${agencyId}`;
