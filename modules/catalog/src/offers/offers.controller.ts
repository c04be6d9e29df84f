import { Param, Query } from '@nestjs/common';
import type { Request } from 'express';
import { z } from 'zod';
import { findOffer, offerOptions, offersProjection, waitForProjection, waitUntilCurrent, type OfferOption } from '@tbo/read-models';
import { afterParam, afterQuery, ApiController, commandContextFrom, CurrentUser, GetRoute, idList, IdPipe, ItemWritesController, supplierScope, supplierStreamEvents, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import { offerFrom, offerNotFound, offerStream, type Offer } from './offer';
import { DeleteOfferCommand, SaveOfferCommand, saveOfferInput, type SaveOfferInput } from './offer.commands';
import { offerHistory, type OfferHistoryEntry } from './offer-history';
import type { SavedOffer } from './save-offer.handler';

/** How long an offer's editor read waits for the offers read model to catch up (it answers what it has after). */
const EDITOR_READ_WAIT_MS = 10_000;
const optionsQuery = z.object({ tourIds: idList, after: afterParam }).strict();
type OptionsQuery = z.output<typeof optionsQuery>;

const offerWrites = ItemWritesController<typeof saveOfferInput, SavedOffer>({
  input: saveOfferInput,
  deleteCommand: DeleteOfferCommand,
  roles: ['admin', 'editor'],
  summaries: {
    create: 'Create an offer (ticket) of one of your tours (id 0); answers the offer with validPeriods, version and position',
    update: 'Save an existing offer; 409 when the version sent is stale',
    remove: 'Mark an offer deleted; answers the offer',
    restore: 'Bring a deleted offer back; answers the offer',
  },
});

@ApiController('offers', 'api/offers')
export class OffersController extends offerWrites {
  protected async save(body: SaveOfferInput, user: AuthUser, req: Request): Promise<SavedOffer> {
    const supplierId = supplierScope(user);
    const {
      id,
      version,
      position: _position,
      isDeleted: _isDeleted,
      validPeriods: _validPeriods,
      pricePerAdultRecUsd: _a,
      pricePerChildRecUsd: _c,
      pricePerTripRecUsd: _t,
      periodEnd: _e,
      ...offer
    } = body;
    // The handler checks that the tour is the caller's, on the tour's stream (the tour's 404 otherwise).
    return this.commands.execute(new SaveOfferCommand(supplierId, id, offer, commandContextFrom(req, user), version));
  }

  @GetRoute('manage/:id', ['admin', 'editor'], "One of the supplier's offers, whole, with its valid periods and version; 404 'Not found' for an unknown id or another supplier's offer")
  async manage(@Param('id', IdPipe) id: number, @Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<Offer & { version: number }> {
    const supplierId = supplierScope(user);
    // Without ?after= the offer is still read as of this request (the editor reloads right after a save);
    // the wait is longer than a list's: the editor saves what it reads, so a stale read would come back as a 409.
    await waitUntilCurrent(this.db, this.store, offersProjection, q.after, EDITOR_READ_WAIT_MS);
    const row = await findOffer(this.db, id);
    if (!row || row.supplierId !== supplierId) throw offerNotFound();
    const { version, ...state } = row;
    return { ...offerFrom({ ...state, exists: true }), version };
  }

  @GetRoute('options', ['admin', 'editor'], "The offers filter's options: the supplier's offers that are not deleted (of tourIds, if given), [{id, name, tourId}] (name = internal name), sorted by name")
  async options(@Query(zodPipe(optionsQuery)) q: OptionsQuery, @CurrentUser() user: AuthUser): Promise<OfferOption[]> {
    const supplierId = supplierScope(user);
    if (q.after) await waitForProjection(this.db, this.store, 'offers', q.after);
    return offerOptions(this.db, supplierId, q.tourIds);
  }

  @GetRoute(':id/history', ['admin', 'editor'], "The offer's changes, oldest first, prices included: {position, at, by, event, changes: [{field, before, after}]}")
  async history(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser): Promise<OfferHistoryEntry[]> {
    return offerHistory(await supplierStreamEvents(this.store, offerStream(id), supplierScope(user), offerNotFound));
  }
}
