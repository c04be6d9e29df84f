import { Param, Res } from '@nestjs/common';
import type { Response } from 'express';
import { agencyIssuedStatements, findIssuedStatement, type AgencyStatementRow, type CommissionStatementView } from '@tbo/read-models';
import { ApiController, CurrentUser, ForbiddenError, GetRoute, IdPipe, QueryController, startPdfAttachment, zodPipe, type AuthUser } from '@tbo/kernel';
import { monthParam } from './statement-inputs';
import { statementFileName } from './statement-format';
import { statementPdf } from './statement-pdf';
import { sendStatementSheet } from './statement-sheet';
import { statementNotFound, StatementsService } from './statements.service';

/** Only an agency's admins see its statements: a plain agent sees their own commissions, not the agency's. */
function agencyAdminScope(user: AuthUser): number {
  if (!user.agencyId || !user.isAgencyAdmin) throw new ForbiddenError('Only the agency admin can see commission statements');
  return user.agencyId;
}

/** An agency admin's issued commission statements (/agent/commissions): the list and the downloads. */
@ApiController('agent', 'api/agent/commissions/statements')
export class AgentStatementsController extends QueryController {
  constructor(private readonly statements: StatementsService) {
    super();
  }

  @GetRoute('', ['agent'], "The agency's issued commission statements from every supplier, newest month first (agency admins)")
  list(@CurrentUser() user: AuthUser): Promise<AgencyStatementRow[]> {
    return agencyIssuedStatements(this.db, agencyAdminScope(user));
  }

  @GetRoute(':supplierId/:month/pdf', ['agent'], 'An issued statement as commission-statement-<month>.pdf (agency admins)')
  async pdf(@Param('supplierId', IdPipe) supplierId: number, @Param('month', zodPipe(monthParam)) month: string, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const bytes = await statementPdf(await this.issued(user, supplierId, month));
    startPdfAttachment(res, statementFileName(month, 'pdf'), bytes.length);
    res.end(bytes);
  }

  @GetRoute(':supplierId/:month/xlsx', ['agent'], 'An issued statement as commission-statement-<month>.xlsx (agency admins)')
  async xlsx(@Param('supplierId', IdPipe) supplierId: number, @Param('month', zodPipe(monthParam)) month: string, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    await sendStatementSheet(res, await this.issued(user, supplierId, month));
  }

  /** Only issued statements, and only the caller's agency's: anything else is the same 404. */
  private async issued(user: AuthUser, supplierId: number, month: string): Promise<CommissionStatementView> {
    const agencyId = agencyAdminScope(user);
    if (!(await findIssuedStatement(this.db, supplierId, agencyId, month))) throw statementNotFound();
    return this.statements.statement(supplierId, agencyId, month);
  }
}
