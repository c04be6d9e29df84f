import { Body, Param, Query, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { z } from 'zod';
import { ASOF_MAX_PENDING, asOfMinute, AsOfBuildsBusyError, asOfTable, findAsOfBuild, reportFilterOptions, requestAsOfBuild, runReport, sweepAsOfBuilds, allProjections, type AsOfBuild, type ReportAnswer, type ReportKind } from '@tbo/read-models';
import { ApiController, AppError, CurrentUser, GetRoute, IdPipe, NotFoundError, PostRoute, QueryController, SheetLanguageOfCaller, supplierScope, zodPipe, type AuthUser, type SheetLanguage } from '@tbo/kernel';
import { asOfBody, reportKindParam, reportQuery, type ReportQuery } from './report-inputs';
import { ReportQueue } from './report-queue';
import { sendReportSheet } from './report-sheet';

/** Who reads the reports (spec 01 §6): accounts and the supplier's admins. */
export const REPORT_ROLES = ['accounts', 'admin'] as const;

const buildNotFound = () => new NotFoundError('The report as of that moment was not found or you are not allowed to see it');

/** The reports (issue 17): aggregates of the reports read model, live or as of a moment (an as-of build). */
@ApiController('reports', 'api/reports')
export class ReportsController extends QueryController {
  constructor(private readonly queue: ReportQueue) {
    super();
  }

  @GetRoute('options', REPORT_ROLES, "The filters' choices: the supplier's tours (as booked) and contracted agencies")
  options(@CurrentUser() user: AuthUser) {
    return reportFilterOptions(this.db, supplierScope(user));
  }

  @PostRoute(
    'asof',
    REPORT_ROLES,
    `Asks for the reports as of a moment ({at}: ISO instant, not in the future; taken to the minute, rounded down): the build, queued or already made; 429 while the supplier has ${ASOF_MAX_PENDING} builds queued or running`,
  )
  async asOf(@Body(zodPipe(asOfBody)) body: z.output<typeof asOfBody>, @CurrentUser() user: AuthUser): Promise<AsOfBuild> {
    const supplierId = supplierScope(user);
    const asked = new Date(body.at);
    if (asked.getTime() > Date.now() + 60_000) throw new AppError(400, 'Bad request', 'The moment must not be in the future');
    // To the minute (as the page asks): every second of a minute is one build, not sixty replays.
    const at = asOfMinute(asked);
    // Builds older than a day go whenever someone asks for a new one (and hourly, by the worker).
    await sweepAsOfBuilds(this.db, allProjections).catch(() => undefined);
    try {
      const { build, created } = await requestAsOfBuild(this.db, 'reports', supplierId, at, { maxPending: ASOF_MAX_PENDING });
      if (created) await this.queue.queueBuild(build.id);
      else if (build.status === 'queued' || build.status === 'running') await this.queue.ensureQueued(build.id);
      return build;
    } catch (err) {
      if (err instanceof AsOfBuildsBusyError) throw new AppError(429, 'Too many requests', err.message);
      throw err;
    }
  }

  @GetRoute('asof/:id', REPORT_ROLES, "An as-of build's state and progress (0..1): the browser polls it")
  async asOfStatus(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser): Promise<AsOfBuild> {
    return this.ownBuild(id, supplierScope(user));
  }

  @GetRoute(':kind', REPORT_ROLES, 'A report: {kind, lines, totals}; dateBasis tour|booking, from/to (YYYY-MM-DD), tourId, agencyId, asOf (a finished build id)')
  async report(@Param('kind', zodPipe(reportKindParam)) kind: ReportKind, @Query(zodPipe(reportQuery)) q: ReportQuery, @CurrentUser() user: AuthUser): Promise<ReportAnswer> {
    return this.answer(kind, q, user);
  }

  @GetRoute(':kind/xlsx', REPORT_ROLES, 'The report as <kind>.xlsx, its lines and a Total line')
  async xlsx(@Param('kind', zodPipe(reportKindParam)) kind: ReportKind, @Query(zodPipe(reportQuery)) q: ReportQuery, @CurrentUser() user: AuthUser, @SheetLanguageOfCaller() lang: SheetLanguage, @Res() res: Response): Promise<void> {
    const answer = await this.answer(kind, q, user);
    await sendReportSheet(res, answer, lang);
  }

  private async ownBuild(id: number, supplierId: number): Promise<AsOfBuild> {
    const build = await findAsOfBuild(this.db, id);
    if (!build || build.supplierId !== supplierId) throw buildNotFound();
    return build;
  }

  private async answer(kind: ReportKind, q: ReportQuery, user: AuthUser): Promise<ReportAnswer> {
    const supplierId = supplierScope(user);
    let table = 'report_bookings';
    if (q.asOf) {
      const build = await this.ownBuild(q.asOf, supplierId);
      if (build.status !== 'done') throw new AppError(409, 'Not ready', 'The report as of that moment is not ready yet');
      table = asOfTable('report_bookings', build.id);
    }
    return runReport(this.db, table, kind, { supplierId, dateBasis: q.dateBasis, from: q.from, to: q.to, tourId: q.tourId, agencyId: q.agencyId });
  }
}
