import { Body, Param, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  arrivalBatches,
  arrivalGroupLog,
  findArrivalGroup,
  hotelsWithArrivals,
  listArrivalLists,
  listContracts,
  listArrivals,
  salesStaff,
  waitForProjection,
  arrivalGroupExists,
  type ArrivalFilter,
  type ArrivalGroupView,
  type ArrivalListView,
  type GroupLogEntry,
} from '@tbo/read-models';
import { afterQuery, ApiController, AppError, commandContextFrom, CommandQueryController, CurrentUser, GetRoute, IdPipe, paged, PostRoute, readPage, safeXlsxFileName, sendXlsx, SheetLanguageOfCaller, supplierScope, zodPipe, type AfterQuery, type AuthUser, type CellValue, type Paged, type SheetLanguage } from '@tbo/kernel';
import { dubaiToday } from '@tbo/scheduling';
import { arrivalsFilterInput, groupInfoInput, importQuery, logInput, manualArrivalInput, type ArrivalsFilterInput, type GroupInfoInput, type ManualArrivalInput } from './arrivals.inputs';
import { arrivalAnswer, arrivalPageAnswer, meetingDisplay, type ArrivalPageAnswer } from './arrivals-view';
import { ARRIVAL_SHEET_TITLE, arrivalCells, arrivalSheetColumns } from './arrivals-sheet';
import { ImportArrivalsCommand, type ArrivalImportAnswer } from './lists/import-arrivals.handler';
import { MANUAL_LIST_NAME } from './pure/manual-list.pure';
import { LogGroupCommunicationCommand, SaveGroupInfoCommand, type SavedGroupInfo } from './groups/arrival-group.handlers';
import { arrivalGroupNotFound } from './groups/arrival-group';
import { z } from 'zod';

/** Arrivals managers and admins (spec 02 §6: ArrivalsManager sees Arrivals). */
export const ARRIVALS_ROLES = ['arrivalsmanager', 'arrivalsadmin', 'admin'] as const;
/** Largest arrival list file taken (10,000 rows are about 1 MB). */
const IMPORT_BYTES_MAX = 20 * 1024 * 1024;
/**
 * How long the list waits to show what the caller asked for with `after`: an import of ten thousand arrivals is a
 * few seconds' work for the projection on a busy machine, and the page (its spinner showing) would rather wait for
 * the list just imported than show it empty.
 */
const AFTER_WAIT_MS = 10_000;

async function fileOf(req: Request): Promise<Buffer> {
  // A JSON or form body was parsed already: there is no file.
  if (req.readableEnded) return Buffer.alloc(0);
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > IMPORT_BYTES_MAX) throw new AppError(413, 'Too large', 'The file is too large: an arrival list may be at most 20 MB');
    parts.push(chunk);
  }
  return Buffer.concat(parts);
}

export interface ArrivalGroupPanel extends Omit<ArrivalGroupView, 'meetings'> {
  meetings: (ArrivalGroupView['meetings'][number] & { dateTimeDisplay: string })[];
  log: GroupLogEntry[];
}

/** Spec 02 §2 Arrivals and §7: the arrivals table, its groups and their communication, and the imports. */
@ApiController('arrivals', 'api/arrivals')
export class ArrivalsController extends CommandQueryController {
  private async filterOf(b: ArrivalsFilterInput, user: AuthUser): Promise<ArrivalFilter> {
    const supplierId = supplierScope(user);
    if (b.after) await waitForProjection(this.db, this.store, 'arrivals', b.after, AFTER_WAIT_MS);
    return {
      supplierId,
      inHouseOn: b.inHouse ? dubaiToday() : null,
      groupId: b.groupId,
      statuses: b.statuses,
      salesStaffIds: b.salesStaffIds,
      hotelIds: b.hotelIds,
      meetingDate: b.meetingDate,
      arrivalDate: b.arrivalDate,
      departureDate: b.departureDate,
      age: { from: b.ageFrom, to: b.ageTo },
      text: Object.fromEntries(Object.entries(b.filters).filter(([, v]) => !!v?.trim()).map(([k, v]) => [k, v!.trim()])),
    };
  }

  @GetRoute('sales', ARRIVALS_ROLES, "The supplier's staff with the sales role: [{id, name, email, phone}] by name")
  sales(@CurrentUser() user: AuthUser) {
    return salesStaff(this.db, supplierScope(user));
  }

  // The contracting tab's list is the admins' alone; an arrivals manager needs only the names, to give a guest entered
  // by hand an agency (without one no agent ever finds the guest among their in-house guests).
  @GetRoute('agencies', ARRIVALS_ROLES, "The supplier's contracted agencies [{id, name}] by name, suspended ones too: the manual entry's Agency choice")
  async agencies(@CurrentUser() user: AuthUser): Promise<{ id: number; name: string }[]> {
    return (await listContracts(this.db, supplierScope(user))).map((c) => ({ id: c.agencyId, name: c.agencyName }));
  }

  @PostRoute('filtered', ARRIVALS_ROLES, 'The arrivals filter (inHouse default true, statuses, salesStaffIds, hotelIds with 0 for No Hotel, date ranges, text filters), paged, sorted (default groupId ASC)')
  async filtered(@Body(zodPipe(arrivalsFilterInput)) body: ArrivalsFilterInput, @CurrentUser() user: AuthUser): Promise<Paged<ArrivalPageAnswer>> {
    const filter = await this.filterOf(body, user);
    const { rows, total, page } = await readPage(body.page, body.pageSize, (range) => listArrivals(this.db, filter, { field: body.orderBy, direction: body.orderType }, range));
    return paged(rows.map(arrivalPageAnswer), page, body.pageSize, total);
  }

  @PostRoute('filtered/xlsx', ARRIVALS_ROLES, 'The whole filtered list (same filter and sort) as arrivals.xlsx; phones hidden as on screen')
  async xlsx(@Body(zodPipe(arrivalsFilterInput)) body: ArrivalsFilterInput, @CurrentUser() user: AuthUser, @SheetLanguageOfCaller() lang: SheetLanguage, @Res() res: Response): Promise<void> {
    const filter = await this.filterOf(body, user);
    const batches = arrivalBatches(this.db, filter, { field: body.orderBy, direction: body.orderType });
    const name = safeXlsxFileName('arrivals.xlsx');
    async function* rows(): AsyncIterable<CellValue[]> {
      for await (const batch of batches) for (const r of batch) yield arrivalCells(arrivalAnswer(r), lang);
    }
    await sendXlsx(res, name, { title: ARRIVAL_SHEET_TITLE[lang], columns: arrivalSheetColumns(lang), rows: rows() });
  }

  @GetRoute('groups/:groupId', ARRIVALS_ROLES, "A group's info, meetings and communication log, newest first; 404 for a group without the supplier's arrivals")
  async group(@Param('groupId', IdPipe) groupId: number, @Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<ArrivalGroupPanel> {
    const supplierId = supplierScope(user);
    if (q.after) await waitForProjection(this.db, this.store, 'arrivals', q.after);
    if (!(await arrivalGroupExists(this.db, supplierId, groupId))) throw arrivalGroupNotFound();
    const g = await findArrivalGroup(this.db, supplierId, groupId);
    if (!g) throw arrivalGroupNotFound();
    return { ...g, meetings: g.meetings.map((m) => ({ ...m, dateTimeDisplay: meetingDisplay(m) })), log: await arrivalGroupLog(this.db, supplierId, groupId) };
  }

  @PostRoute('groupinfo', ARRIVALS_ROLES, 'Save a group info (status Pending, Purchased Diff. Name, Cancelled or Non tourist; hotels with room numbers; notes; phones; meetings with sales staff); 409 on a stale version')
  saveGroupInfo(@Body(zodPipe(groupInfoInput)) body: GroupInfoInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedGroupInfo> {
    const { groupId, status, hotels, notes, phoneNumbers, meetings, version } = body;
    return this.commands.execute(new SaveGroupInfoCommand(supplierScope(user), groupId, { status, hotels, notes, phoneNumbers, meetings }, commandContextFrom(req, user), version));
  }

  @PostRoute('groupinfo/log', ARRIVALS_ROLES, 'Log a contact with a group (GroupCommunicationLogged): flag 1 call, 2 meet, 4 messenger, 8 letter initiated; 16, 32, 64, 128 responded; a note')
  async log(@Body(zodPipe(logInput)) body: z.output<typeof logInput>, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedGroupInfo> {
    const me = await this.db('users').where({ email: user.email.toLowerCase() }).first<{ id: number } | undefined>('id');
    return this.commands.execute(new LogGroupCommunicationCommand(supplierScope(user), body.groupId, body.flag, body.note, { userId: me?.id ?? null, name: user.fullName }, commandContextFrom(req, user)));
  }

  @GetRoute('lists', ARRIVALS_ROLES, "The supplier's arrival lists with their version and arrivals count, newest first")
  lists(@CurrentUser() user: AuthUser): Promise<ArrivalListView[]> {
    return listArrivalLists(this.db, supplierScope(user));
  }

  @PostRoute('import/preview', ARRIVALS_ROLES, 'The .xlsx file as the body: what importing it would do (column mapping; rows to add, change, remove; refused rows with row number and reason). Nothing is saved.')
  async preview(@Query(zodPipe(importQuery)) q: z.output<typeof importQuery>, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<ArrivalImportAnswer> {
    const file = await fileOf(req);
    return this.commands.execute(new ImportArrivalsCommand(supplierScope(user), q.listId, q.name, { file }, true, commandContextFrom(req, user)));
  }

  @PostRoute('import', ARRIVALS_ROLES, 'Import the .xlsx body into the list (listId) or a new one (name): adds, changes by pax id, marks missing ones deleted; version: the one the preview showed (409 when changed since)')
  async import(@Query(zodPipe(importQuery)) q: z.output<typeof importQuery>, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<ArrivalImportAnswer> {
    const file = await fileOf(req);
    return this.commands.execute(new ImportArrivalsCommand(supplierScope(user), q.listId, q.name, { file }, false, commandContextFrom(req, user), q.version));
  }

  @PostRoute(
    'manual',
    ARRIVALS_ROLES,
    "One arrival entered by hand (isManuallyEntered) into a list (listId), else the supplier's list named listName (default 'Manual entries', made by the first entry); the same pax id changes it in the fields given only; hotelId and agencyId must exist (their names are filled in)",
  )
  manual(@Body(zodPipe(manualArrivalInput)) b: ManualArrivalInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<ArrivalImportAnswer> {
    const { listId, listName, ...entry } = b;
    return this.commands.execute(new ImportArrivalsCommand(supplierScope(user), listId, listName || MANUAL_LIST_NAME, { manual: entry }, false, commandContextFrom(req, user)));
  }
}

/** GET /api/hotels/witharrivals: the hotel filter's options. */
@ApiController('arrivals', 'api/hotels')
export class HotelsWithArrivalsController extends CommandQueryController {
  @GetRoute('witharrivals', ARRIVALS_ROLES, "The hotels the supplier's arrivals stay at, [{id, name}], 'No Hotel' (id 0) first when some have none")
  withArrivals(@CurrentUser() user: AuthUser) {
    return hotelsWithArrivals(this.db, supplierScope(user));
  }
}
