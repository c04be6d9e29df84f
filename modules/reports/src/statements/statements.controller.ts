import { Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { commissionStatementsProjection, supplierStatementMonth, waitUntilCurrent, type CommissionStatementView, type StatementListRow } from '@tbo/read-models';
import { ApiController, commandContextFrom, CurrentUser, GetRoute, IdPipe, PostRoute, QueryController, startPdfAttachment, supplierScope, zodPipe, type AuthUser } from '@tbo/kernel';
import { monthParam, monthQuery } from './statement-inputs';
import { statementFileName } from './statement-format';
import { statementPdf } from './statement-pdf';
import { sendStatementSheet } from './statement-sheet';
import { statementNotFound, StatementsService } from './statements.service';

/** Who issues and reads the supplier's commission statements: accounts and the supplier's admins. */
const STATEMENT_ROLES = ['accounts', 'admin'] as const;

/** The supplier's commission statements to its agencies, per month (issue 17). */
@ApiController('reports', 'api/reports/statements')
export class StatementsController extends QueryController {
  constructor(private readonly statements: StatementsService) {
    super();
  }

  @GetRoute('', STATEMENT_ROLES, "Each agency's commission statement for a month (?month=YYYY-MM): issued, or what issuing it would hold")
  async list(@Query(zodPipe(monthQuery)) q: { month: string }, @CurrentUser() user: AuthUser): Promise<StatementListRow[]> {
    // As the statement it opens: a booking changed just now is counted here too, so the two agree.
    await waitUntilCurrent(this.db, this.store, commissionStatementsProjection);
    return supplierStatementMonth(this.db, supplierScope(user), q.month);
  }

  @GetRoute(':agencyId/:month', STATEMENT_ROLES, "An agency's statement of a month with its lines and running total: as issued, or the preview")
  one(@Param('agencyId', IdPipe) agencyId: number, @Param('month', zodPipe(monthParam)) month: string, @CurrentUser() user: AuthUser): Promise<CommissionStatementView> {
    return this.own(user, agencyId, month);
  }

  @PostRoute(':agencyId/:month/issue', STATEMENT_ROLES, 'Issues the statement: fixed from then on; a month once, in order (409 otherwise); later changes go on the next one')
  async issue(@Param('agencyId', IdPipe) agencyId: number, @Param('month', zodPipe(monthParam)) month: string, @CurrentUser() user: AuthUser, @Req() req: Request) {
    const supplierId = supplierScope(user);
    if (!(await this.statements.ownsAgency(supplierId, agencyId))) throw statementNotFound();
    return this.statements.issue(supplierId, agencyId, month, user, commandContextFrom(req, user));
  }

  @GetRoute(':agencyId/:month/pdf', STATEMENT_ROLES, 'The statement as commission-statement-<month>.pdf')
  async pdf(@Param('agencyId', IdPipe) agencyId: number, @Param('month', zodPipe(monthParam)) month: string, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const bytes = await statementPdf(await this.own(user, agencyId, month));
    startPdfAttachment(res, statementFileName(month, 'pdf'), bytes.length);
    res.end(bytes);
  }

  @GetRoute(':agencyId/:month/xlsx', STATEMENT_ROLES, 'The statement as commission-statement-<month>.xlsx')
  async xlsx(@Param('agencyId', IdPipe) agencyId: number, @Param('month', zodPipe(monthParam)) month: string, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    await sendStatementSheet(res, await this.own(user, agencyId, month));
  }

  private async own(user: AuthUser, agencyId: number, month: string): Promise<CommissionStatementView> {
    const supplierId = supplierScope(user);
    if (!(await this.statements.ownsAgency(supplierId, agencyId))) throw statementNotFound();
    return this.statements.statement(supplierId, agencyId, month);
  }
}
