import { Body, Controller, Delete, Get, HttpCode, Inject, Param, ParseIntPipe, Post, Put, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import type { OfferStreamEvent } from '@tbo/event-schemas';
import { findTour, offerOptions, waitForProjection, type OfferOption } from '@tbo/read-models';
import { afterParam, commandContextFrom, CurrentUser, EVENT_STORE, ForbiddenError, KNEX, Roles, zodPipe, type AuthUser, type EventStore } from '@tbo/kernel';
import { tourNotFound } from '../tours/tour';
import { idList } from '../tours/tours.controller';
import { emptyOfferState, offerDecider, offerFrom, offerNotFound, offerStream, type Offer } from './offer';
import { DeleteOfferCommand, SaveOfferCommand, saveOfferInput, type SaveOfferInput } from './offer.commands';
import { offerHistory, type OfferHistoryEntry } from './offer-history';
import type { SavedOffer } from './save-offer.handler';

const readQuery = z.object({ after: afterParam }).strict();
const optionsQuery = z.object({ tourIds: idList, after: afterParam }).strict();
type OptionsQuery = z.output<typeof optionsQuery>;

/** The caller's supplier, from the token: staff only ever see and change their own offers. */
export function supplierOf(user: AuthUser): number {
  if (!user.supplierId) throw new ForbiddenError();
  return user.supplierId;
}

@ApiTags('offers')
@Controller('api/offers')
export class OffersController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  /** The offer's tour must be one of the caller's supplier's tours (tours read model); otherwise the tour's 404. */
  private async ownTour(tourId: number, supplierId: number): Promise<void> {
    const row = tourId ? await findTour(this.db, tourId) : null;
    if (!row || row.supplierId !== supplierId) throw tourNotFound();
  }

  private async save(body: SaveOfferInput, user: AuthUser, req: Request): Promise<SavedOffer> {
    const supplierId = supplierOf(user);
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
    await this.ownTour(offer.tourId, supplierId);
    return this.commands.execute(new SaveOfferCommand(supplierId, id, offer, commandContextFrom(req, user), version));
  }

  @Post()
  @HttpCode(200)
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Create an offer (ticket) of one of your tours (id 0); answers the offer with validPeriods, version and position' })
  create(@Body(zodPipe(saveOfferInput)) body: SaveOfferInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedOffer> {
    return this.save(body, user, req);
  }

  @Put()
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Save an existing offer; 409 when the version sent is stale' })
  update(@Body(zodPipe(saveOfferInput)) body: SaveOfferInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedOffer> {
    return this.save(body, user, req);
  }

  @Get('manage/:id')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: "One of the supplier's offers, whole, with its valid periods and version; 404 'Not found' for an unknown id or another supplier's offer" })
  async manage(@Param('id', ParseIntPipe) id: number, @Query(zodPipe(readQuery)) _q: { after?: string }, @CurrentUser() user: AuthUser): Promise<Offer & { version: number }> {
    // ?after= is accepted for symmetry with the tour: the offer is folded from its stream, always current.
    const supplierId = supplierOf(user);
    const events = await this.store.readStream(offerStream(id));
    const state = (events as unknown as OfferStreamEvent[]).reduce(offerDecider.evolve, emptyOfferState(id));
    if (!state.exists || state.supplierId !== supplierId) throw offerNotFound();
    return { ...offerFrom(state), version: (events[events.length - 1] as unknown as { revision: number }).revision };
  }

  @Get('options')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: "The offers filter's options: the supplier's offers that are not deleted (of tourIds, if given), [{id, name, tourId}] (name = internal name), sorted by name" })
  async options(@Query(zodPipe(optionsQuery)) q: OptionsQuery, @CurrentUser() user: AuthUser): Promise<OfferOption[]> {
    const supplierId = supplierOf(user);
    if (q.after) await waitForProjection(this.db, this.store, 'offers', q.after);
    return offerOptions(this.db, supplierId, q.tourIds);
  }

  @Delete(':id')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Mark an offer deleted; answers the offer' })
  remove(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedOffer> {
    return this.commands.execute(new DeleteOfferCommand(supplierOf(user), id, false, commandContextFrom(req, user)));
  }

  @Post(':id/restore')
  @HttpCode(200)
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Bring a deleted offer back; answers the offer' })
  restore(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedOffer> {
    return this.commands.execute(new DeleteOfferCommand(supplierOf(user), id, true, commandContextFrom(req, user)));
  }

  @Get(':id/history')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: "The offer's changes, oldest first, prices included: {position, at, by, event, changes: [{field, before, after}]}" })
  async history(@Param('id', ParseIntPipe) id: number, @CurrentUser() user: AuthUser): Promise<OfferHistoryEntry[]> {
    const supplierId = supplierOf(user);
    const events = await this.store.readStream(offerStream(id));
    const owner = (events[0]?.data as { supplierId?: number } | undefined)?.supplierId;
    if (!events.length || owner !== supplierId) throw offerNotFound();
    return offerHistory(events);
  }
}
