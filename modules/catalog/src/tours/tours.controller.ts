import { Body, Param, Query, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { findTour, listOffersOfTours, listTourOfferSummaries, listTours, tourOptions, waitForProjection, type TourListOffer, type TourListRow, type TourSortField } from '@tbo/read-models';
import { afterParam, afterQuery, ApiController, commandContextFrom, CurrentUser, DEFAULT_PAGE_SIZE, GetRoute, idList, IdPipe, ItemWritesController, paged, PG_INT_MAX, PostRoute, readPage, sendXlsx, SheetLanguageOfCaller, supplierScope, supplierStreamEvents, wholeNumberQuery, zodPipe, type AfterQuery, type AuthUser, type CellValue, type Paged, type SheetLanguage } from '@tbo/kernel';
import { blankTourFields, tourNotFound, tourStream, type Tour } from './tour';
import { DeleteTourCommand, SaveTourCommand, saveTourInput, type SaveTourInput } from './tour.commands';
import { tourHistory, type TourHistoryEntry } from './tour-history';
import { languageNamesIn, TOURS_SHEET_WORDS, toursSheetColumns } from './tours-sheet';
import type { SavedTour } from './save-tour.handler';

const bool = (label: string) =>
  z
    .union([z.boolean(), z.enum(['true', 'false', ''])], { message: `${label} must be true or false` })
    .optional()
    .transform((v) => (v === '' || v === undefined ? undefined : v === true || v === 'true'));

export const tourListQuery = z
  .object({
    tourIds: idList,
    languageIds: idList,
    offerIds: idList,
    top: bool('top'),
    showDeleted: bool('showDeleted'),
    page: wholeNumberQuery('page', 1, PG_INT_MAX).optional().default(1),
    sortField: z.enum(['id', 'nameInternal', 'nameDisplay', 'languageName', 'isTopTour'], { message: 'sortField must be id, nameInternal, nameDisplay, languageName or isTopTour' }).optional().default('nameInternal'),
    sortType: z
      .string()
      .optional()
      .transform((v, ctx) => {
        const s = (v ?? 'ASC').toUpperCase();
        if (s !== 'ASC' && s !== 'DESC') {
          ctx.addIssue({ code: 'custom', message: 'sortType must be ASC or DESC' });
          return z.NEVER;
        }
        return s;
      }),
    after: afterParam,
  })
  .strict();
type TourListQuery = z.output<typeof tourListQuery>;

/** A row of the tours list: the tour's columns and its offers (by internal name; deleted ones only with showDeleted). */
export interface TourListEntity extends TourListRow {
  offers: TourListOffer[];
}

const tourWrites = ItemWritesController<typeof saveTourInput, SavedTour>({
  input: saveTourInput,
  deleteCommand: DeleteTourCommand,
  roles: ['admin', 'editor'],
  summaries: {
    create: 'Create a tour (id 0; any other id is saved as with PUT); answers the saved tour with version and position',
    update: 'Save an existing tour (id 0 creates one); 409 when the version sent is stale',
    remove: 'Mark a tour deleted (it stays in the list with showDeleted); answers the tour',
    restore: 'Bring a deleted tour back; answers the tour',
  },
});

@ApiController('tours', 'api/tours')
export class ToursController extends tourWrites {
  /** Read your writes: tours and their offers are two read models; an offer save's position is waited for on both. */
  private async caughtUp(after?: string): Promise<void> {
    if (after) await Promise.all(['tours', 'offers'].map((name) => waitForProjection(this.db, this.store, name, after)));
  }

  /** The list's rows with their offers: the page of tours, then one query for the offers of those tours. */
  private async withOffers(supplierId: number, rows: TourListRow[], showDeleted: boolean | undefined): Promise<TourListEntity[]> {
    const offers = await listOffersOfTours(
      this.db,
      supplierId,
      rows.map((r) => r.id),
      !!showDeleted,
    );
    return rows.map((r) => ({ ...r, offers: offers.get(r.id) ?? [] }));
  }

  protected async save(body: SaveTourInput, user: AuthUser, req: Request): Promise<SavedTour> {
    const supplierId = supplierScope(user);
    const { id, version, position: _position, isDeleted: _isDeleted, offers: _offers, ...tour } = body;
    return this.withTourOffers(supplierId, await this.commands.execute(new SaveTourCommand(supplierId, id, tour, commandContextFrom(req, user), version)));
  }

  protected override async setDeleted(id: number, restore: boolean, user: AuthUser, req: Request): Promise<SavedTour> {
    const supplierId = supplierScope(user);
    return this.withTourOffers(supplierId, await this.commands.execute(new DeleteTourCommand(supplierId, id, restore, commandContextFrom(req, user))));
  }

  /** Offers are not part of the tour's stream: a command's answer gets them from their read model, as GET manage/{id} does. */
  private async withTourOffers(supplierId: number, saved: SavedTour): Promise<SavedTour> {
    return { ...saved, offers: await listTourOfferSummaries(this.db, supplierId, saved.id) };
  }

  @GetRoute('manageList', ['admin', 'editor'], "The supplier's tours, paged, each with its offers [{id, nameInternal, nameDisplay, isDeleted}]; filters tourIds, languageIds, offerIds, top, showDeleted; default sort internal name ASC")
  async manageList(@Query(zodPipe(tourListQuery)) q: TourListQuery, @CurrentUser() user: AuthUser): Promise<Paged<TourListEntity>> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    const { rows, total, page } = await readPage(q.page, DEFAULT_PAGE_SIZE, (range) => listTours(this.db, { supplierId, ...q }, { field: q.sortField as TourSortField, direction: q.sortType }, range));
    return paged(await this.withOffers(supplierId, rows, q.showDeleted), page, DEFAULT_PAGE_SIZE, total);
  }

  @GetRoute('options', ['admin', 'editor'], "The tours filter's options: the supplier's tours that are not deleted, [{id, name}] (name = internal name), sorted by name")
  async options(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<{ id: number; name: string }[]> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    return tourOptions(this.db, supplierId);
  }

  @GetRoute('manage/:id', ['admin', 'editor'], "One of the supplier's tours, whole, with its version and its offers (deleted ones included) with their summary valid period; 404 'Not found' for an unknown id or another supplier's tour")
  async manage(@Param('id', IdPipe) id: number, @Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<Tour & { version: number }> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    const row = await findTour(this.db, id);
    if (!row || row.supplierId !== supplierId) throw tourNotFound();
    const offers = await listTourOfferSummaries(this.db, supplierId, id);
    return { id: row.id, ...blankTourFields(), ...(row.data as object), isDeleted: row.isDeleted, offers, version: row.version };
  }

  @GetRoute(':id/history', ['admin', 'editor'], "The tour's changes, oldest first: {position, at, by, event, changes: [{field, before, after}]}")
  async history(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser): Promise<TourHistoryEntry[]> {
    return tourHistory(await supplierStreamEvents(this.store, tourStream(id), supplierScope(user), tourNotFound));
  }

  @GetRoute('export', ['admin', 'editor'], 'The tours list (same filters and sort, every page) as tours.xlsx')
  exportGet(@Query(zodPipe(tourListQuery)) q: TourListQuery, @CurrentUser() user: AuthUser, @SheetLanguageOfCaller() lang: SheetLanguage, @Res() res: Response): Promise<void> {
    return this.export(q, user, lang, res);
  }

  @PostRoute('export', ['admin', 'editor'], 'As GET /api/tours/export with the filters in the body')
  exportPost(@Body(zodPipe(tourListQuery)) q: TourListQuery, @CurrentUser() user: AuthUser, @SheetLanguageOfCaller() lang: SheetLanguage, @Res() res: Response): Promise<void> {
    return this.export(q, user, lang, res);
  }

  private async export(q: TourListQuery, user: AuthUser, lang: SheetLanguage, res: Response): Promise<void> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    const { rows: tours } = await listTours(this.db, { supplierId, ...q }, { field: q.sortField as TourSortField, direction: q.sortType }, null);
    const rows = await this.withOffers(supplierId, tours, q.showDeleted);
    const w = TOURS_SHEET_WORDS[lang];
    const language = await languageNamesIn(this.db, lang, rows);
    function* cells(): Iterable<CellValue[]> {
      for (const r of rows) yield [r.id, r.nameInternal, r.nameDisplay, language(r), r.offers.map((o) => o.nameInternal).join(', '), r.isTopTour ? w.yes : w.no, r.isDeleted ? w.yes : w.no];
    }
    await sendXlsx(res, 'tours.xlsx', { title: w.title, columns: toursSheetColumns(w), rows: cells() });
  }
}
