import type { CommissionStatementLineData } from '@tbo/event-schemas';
import { AppError } from '@tbo/kernel';
import { statementsDecider, STATEMENT_MESSAGES, type IssueStatement, type StatementsState } from './commission-statement';

const line = (amount: number, bookingId = 1): CommissionStatementLineData => ({
  bookingId, revision: 0, kind: amount < 0 ? 'cancelled' : 'booked', at: '2026-03-02T08:00:00.000Z', tourName: 'Desert', offerName: 'Standard', date: '2026-03-10', guestName: 'Anna', amount,
});
const issue = (month: string, over: Partial<IssueStatement> = {}): IssueStatement => ({
  type: 'IssueCommissionStatement', supplierId: 1, agencyId: 2, month, currentMonth: '2026-05', basedOn: 0, lines: [line(50), line(-12.5, 2)], issuedBy: 'Accounts', ...over,
});
const refusal = (state: StatementsState, cmd: IssueStatement): string => {
  try {
    statementsDecider.decide(cmd, state);
  } catch (err) {
    return (err as AppError).message;
  }
  return 'accepted';
};

describe('commission statements decider', () => {
  it('issues a month with its lines, total and number', () => {
    const [event] = statementsDecider.decide(issue('2026-03'), statementsDecider.initialState);
    expect(event!.data).toMatchObject({ month: '2026-03', number: 1, total: 37.5 });
  });

  it('issues each month once, in order, never ahead of the current month', () => {
    const after = statementsDecider.evolve(statementsDecider.initialState, statementsDecider.decide(issue('2026-03'), statementsDecider.initialState)[0]!);
    expect(refusal(after, issue('2026-03', { basedOn: 1 }))).toBe(STATEMENT_MESSAGES.alreadyIssued);
    expect(refusal(after, issue('2026-02', { basedOn: 1 }))).toBe(STATEMENT_MESSAGES.laterIssued);
    expect(refusal(after, issue('2026-04', { basedOn: 0 }))).toBe(STATEMENT_MESSAGES.changed);
    expect(refusal(after, issue('2026-06', { basedOn: 1 }))).toBe(STATEMENT_MESSAGES.future);
    expect(refusal(after, issue('2026-04', { basedOn: 1, lines: [] }))).toBe(STATEMENT_MESSAGES.empty);
    expect(statementsDecider.decide(issue('2026-04', { basedOn: 1 }), after)[0]!.data.number).toBe(2);
  });
});
