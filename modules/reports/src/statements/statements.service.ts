import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { recordedAs, type CommissionStatementEvent } from '@tbo/event-schemas';
import {
  commissionStatementsProjection,
  dubaiMonth,
  findIssuedStatement,
  statementParties,
  supplierHasStatementAgency,
  unissuedStatementLines,
  waitForProjection,
  waitUntilCurrent,
  withRunningTotal,
  type CommissionStatementView,
} from '@tbo/read-models';
import { AppError, CommandRunner, EVENT_STORE, fold, KNEX, NotFoundError, type AuthUser, type CommandContext, type EventStore } from '@tbo/kernel';
import { STATEMENT_MESSAGES, statementsDecider, statementsStream } from './commission-statement';

export const statementNotFound = () => new NotFoundError(STATEMENT_MESSAGES.notFound);

/**
 * Commission statements: a month's preview, issuing it (the lines gathered from the read table once it has every
 * change the store holds, then decided on the agency's statements stream), and an issued one as its event fixed it.
 */
@Injectable()
export class StatementsService {
  constructor(
    private readonly runner: CommandRunner,
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  ownsAgency(supplierId: number, agencyId: number): Promise<boolean> {
    return supplierHasStatementAgency(this.db, supplierId, agencyId);
  }

  /** The month's statement: the issued one, else what issuing it now would hold. */
  async statement(supplierId: number, agencyId: number, month: string): Promise<CommissionStatementView> {
    const parties = await statementParties(this.db, supplierId, agencyId);
    const issued = await findIssuedStatement(this.db, supplierId, agencyId, month);
    const base = { supplierId, agencyId, month, ...parties };
    if (issued) {
      // The lines and total are the event's: shown as issued, whatever happened to the bookings since.
      const { lines } = withRunningTotal(issued.lines);
      return { ...base, issued: true, number: issued.number, issuedAt: issued.issuedAt, issuedBy: issued.issuedBy, lines, total: issued.total };
    }
    await waitUntilCurrent(this.db, this.store, commissionStatementsProjection);
    const { lines, total } = withRunningTotal(await unissuedStatementLines(this.db, supplierId, agencyId, month));
    return { ...base, issued: false, number: null, issuedAt: null, issuedBy: null, lines, total };
  }

  async issue(supplierId: number, agencyId: number, month: string, user: AuthUser, context: CommandContext): Promise<CommissionStatementView & { position: string | null }> {
    const stream = statementsStream(supplierId, agencyId);
    const state = fold(statementsDecider, recordedAs<CommissionStatementEvent>(await this.store.readStream(stream)));
    // The lines come from the read table: it must hold every change (and every statement) the store holds now.
    if (!(await waitUntilCurrent(this.db, this.store, commissionStatementsProjection, undefined, 10_000))) {
      throw new AppError(409, 'Not ready', 'The commission figures are being updated. Try again in a moment.');
    }
    const lines = await unissuedStatementLines(this.db, supplierId, agencyId, month);
    const outcome = await this.runner.run({
      stream,
      decider: statementsDecider,
      command: { type: 'IssueCommissionStatement', supplierId, agencyId, month, currentMonth: dubaiMonth(new Date()), basedOn: state.issued, lines, issuedBy: user.fullName || user.email },
      context,
    });
    if (outcome.position) await waitForProjection(this.db, this.store, commissionStatementsProjection.name, outcome.position, 5_000);
    return { ...(await this.statement(supplierId, agencyId, month)), position: outcome.position };
  }
}
