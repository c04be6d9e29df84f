import { Body, Res } from '@nestjs/common';
import type { Response } from 'express';
import { listOperatorBookings, operatorSheetBatches, waitForProjection, type BookingSums, type OperatorBookingFilter, type OperatorBookingRow } from '@tbo/read-models';
import { ApiController, CurrentUser, paged, PostRoute, QueryController, readPage, SheetLanguageOfCaller, supplierScope, zodPipe, type AuthUser, type Paged, type SheetLanguage } from '@tbo/kernel';
import { addDays, dubaiToday } from '@tbo/scheduling';
import { operatorListBody, type OperatorListBody } from './list-inputs';
import { OPERATOR_ROLES } from './list-scope';
import { BOOKING_SHEET_WORDS, operatorSheetColumns, operatorSheetTexts, sendSheet } from './booking-sheets';

/** The default window (spec 02 §7): today to 14 days ahead. */
export const OPERATOR_WINDOW_DAYS = 14;

/**
 * `sums` are over every filtered row (spec 02 §2), cancelled and declined ones too; `comingSums` over the filtered
 * rows whose guests are coming (not cancelled or declined), as the day's manifest counts them.
 */
export type OperatorBookingsAnswer = Paged<OperatorBookingRow> & { sums: BookingSums; comingSums: BookingSums; from: string; to: string };

/** The window asked for, filled in from the default: today..+14 days, or 14 days from (or to) the end given. */
export function operatorWindow(from: string | null, to: string | null, today = dubaiToday()): { from: string; to: string } {
  if (from && to) return { from, to };
  if (from) return { from, to: addDays(from, OPERATOR_WINDOW_DAYS) };
  if (to) return { from: addDays(to, -OPERATOR_WINDOW_DAYS), to };
  return { from: today, to: addDays(today, OPERATOR_WINDOW_DAYS) };
}

/** POST /api/bookings/operations: the supplier's bookings for operations and accounts (spec 02 §2 Operator bookings). */
@ApiController('bookings', 'api/bookings/operations')
export class OperatorBookingListController extends QueryController {
  private async filterOf(body: OperatorListBody, user: AuthUser): Promise<OperatorBookingFilter> {
    const supplierId = supplierScope(user);
    if (body.after) await waitForProjection(this.db, this.store, 'bookings', body.after);
    return { supplierId, ...operatorWindow(body.from, body.to), status: body.status, filters: body.filters };
  }

  @PostRoute('', OPERATOR_ROLES, "The supplier's bookings in a date window (from/to YYYY-MM-DD, default today..+14 days), status normal|pending|cancelled, column filters, paged and sorted (default date ASC); sums of ad, ch, inf and foc over the whole filtered set (sums) and over its rows that are not cancelled or declined (comingSums)")
  async list(@Body(zodPipe(operatorListBody)) body: OperatorListBody, @CurrentUser() user: AuthUser): Promise<OperatorBookingsAnswer> {
    const filter = await this.filterOf(body, user);
    const { rows, total, sums, comingSums, page } = await readPage(body.page, body.pageSize, (range) => listOperatorBookings(this.db, filter, { field: body.orderBy, direction: body.orderType }, range));
    return { ...paged(rows, page, body.pageSize, total), sums, comingSums, from: filter.from, to: filter.to };
  }

  @PostRoute('xlsx', OPERATOR_ROLES, 'The operator list (same filter and sort, every page) as bookings.xlsx')
  async xlsx(@Body(zodPipe(operatorListBody)) body: OperatorListBody, @CurrentUser() user: AuthUser, @SheetLanguageOfCaller() lang: SheetLanguage, @Res() res: Response): Promise<void> {
    const filter = await this.filterOf(body, user);
    const batches = operatorSheetBatches(this.db, filter, { field: body.orderBy, direction: body.orderType }, operatorSheetTexts(lang));
    await sendSheet(res, 'bookings.xlsx', BOOKING_SHEET_WORDS[lang].bookings, operatorSheetColumns(lang), batches, (cells) => cells);
  }
}
