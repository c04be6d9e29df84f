import { Controller, Get, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { supplierStatementMonth, type CommissionStatementView, type StatementListRow } from '@tbo/read-models';
import { commandContextFrom, CurrentUser, IdPipe, QueryController, Roles, startPdfAttachment, supplierScope, zodPipe, type AuthUser } from '@tbo/kernel';
import { monthParam, monthQuery } from './statement-inputs';
import { statementFileName } from './statement-format';
import { statementPdf } from './statement-pdf';
import { sendStatementSheet } from './statement-sheet';
import { statementNotFound, StatementsService } from './statements.service';

/** Who issues and reads the supplier's commission statements: accounts and the supplier's admins. */
const STATEMENT_ROLES = ['accounts', 'admin'] as const;

/** The supplier's commission statements to its agencies, per month (issue 17). */
@ApiTags('reports')
@Controller('api/reports/statements')
export class StatementsController extends QueryController {
  constructor(private readonly statements: StatementsService) {
    super();
  }

  @Get()
  @Roles(...STATEMENT_ROLES)
  @ApiOperation({ summary: "Each agency's commission statement for a month (?month=YYYY-MM): issued, or what issuing it would hold" })
  list(@Query(zodPipe(monthQuery)) q: { month: string }, @CurrentUser() user: AuthUser): Promise<StatementListRow[]> {
    return supplierStatementMonth(this.db, supplierScope(user), q.month);
  }

  @Get(':agencyId/:month')
  @Roles(...STATEMENT_ROLES)
  @ApiOperation({ summary: "An agency's statement of a month with its lines and running total: as issued, or the preview" })
  one(@Param('agencyId', IdPipe) agencyId: number, @Param('month', zodPipe(monthParam)) month: string, @CurrentUser() user: AuthUser): Promise<CommissionStatementView> {
    return this.own(user, agencyId, month);
  }

  @Post(':agencyId/:month/issue')
  @HttpCode(200)
  @Roles(...STATEMENT_ROLES)
  @ApiOperation({ summary: 'Issues the statement: fixed from then on; a month once, in order (409 otherwise); later changes go on the next one' })
  async issue(@Param('agencyId', IdPipe) agencyId: number, @Param('month', zodPipe(monthParam)) month: string, @CurrentUser() user: AuthUser, @Req() req: Request) {
    const supplierId = supplierScope(user);
    if (!(await this.statements.ownsAgency(supplierId, agencyId))) throw statementNotFound();
    return this.statements.issue(supplierId, agencyId, month, user, commandContextFrom(req, user));
  }

  @Get(':agencyId/:month/pdf')
  @Roles(...STATEMENT_ROLES)
  @ApiOperation({ summary: 'The statement as commission-statement-<month>.pdf' })
  async pdf(@Param('agencyId', IdPipe) agencyId: number, @Param('month', zodPipe(monthParam)) month: string, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    const bytes = await statementPdf(await this.own(user, agencyId, month));
    startPdfAttachment(res, statementFileName(month, 'pdf'), bytes.length);
    res.end(bytes);
  }

  @Get(':agencyId/:month/xlsx')
  @Roles(...STATEMENT_ROLES)
  @ApiOperation({ summary: 'The statement as commission-statement-<month>.xlsx' })
  async xlsx(@Param('agencyId', IdPipe) agencyId: number, @Param('month', zodPipe(monthParam)) month: string, @CurrentUser() user: AuthUser, @Res() res: Response): Promise<void> {
    await sendStatementSheet(res, await this.own(user, agencyId, month));
  }

  private async own(user: AuthUser, agencyId: number, month: string): Promise<CommissionStatementView> {
    const supplierId = supplierScope(user);
    if (!(await this.statements.ownsAgency(supplierId, agencyId))) throw statementNotFound();
    return this.statements.statement(supplierId, agencyId, month);
  }
}
