import { Inject, Query } from '@nestjs/common';
import type { Knex } from 'knex';
import { z } from 'zod';
import { externalProviderOptions, externalProvidersProjection, waitUntilCurrent } from '@tbo/read-models';
import { afterQuery, ApiController, CurrentUser, EVENT_STORE, GetRoute, idNumber, KNEX, supplierScope, zodPipe, type AfterQuery, type AuthUser, type EventStore } from '@tbo/kernel';
import type { ExternalOffer, ExternalTimeSlot } from './external-catalog.pure';
import { ExternalCatalog } from './external-catalog.service';
import { isPathSafeOctoId, OCTO_ID_PATH_MESSAGE } from '../providers/provider-address.pure';

/** A provider id in the query, by the spec's parameter name (which differs in case between the two calls). */
const providerIdParam = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be one id`) })
    .regex(/^\d{1,10}$/, `${name} must be a positive whole number`)
    .transform(Number)
    .pipe(idNumber(name));

const octoIdParam = (name: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${name} is required` : `${name} must be one value`) })
    .trim()
    .min(1, `${name} is required`)
    .max(500, `${name} is at most 500 characters`)
    // The id becomes a path segment of the provider's address: '..' or a slash would reach another path there.
    .refine(isPathSafeOctoId, `${name} ${OCTO_ID_PATH_MESSAGE}`);

export const externalOffersQuery = z.object({ apiproviderid: providerIdParam('apiproviderid') }).strict();
type ExternalOffersQuery = z.output<typeof externalOffersQuery>;

export const externalTimeSlotsQuery = z
  .object({
    apiProviderId: providerIdParam('apiProviderId'),
    productId: octoIdParam('productId'),
    /** Optional: without it, the product's default option. */
    optionId: octoIdParam('optionId').optional(),
  })
  .strict();
type ExternalTimeSlotsQuery = z.output<typeof externalTimeSlotsQuery>;

/**
 * Spec 02 §7, the time slot editor's external fields (Admin or Editor, like the rest of /timeslots). Answers:
 *
 *   GET /api/timeslots/externalproviders                                 [{id, name}] (the caller's providers, by name)
 *   GET /api/timeslots/externaloffers?apiproviderid=                     [{id, name, options: [{id, name, isDefault}]}] (ExternalOffer)
 *   GET /api/timeslots/externaltimeslots?apiProviderId=&productId=[&optionId=]   [{id, name, startMinutes}] (ExternalTimeSlot)
 *
 * A product without start times answers 422 with the spec's 'No time slots for selected product. …'. A provider
 * that fails answers the envelope with ErrorTitle 'External provider': 502 (unreachable, HTTP error, malformed
 * answer) or 504 (no answer within OCTO_TIMEOUT_MS); an unknown product or option 404.
 */
@ApiController('timeslots', 'api/timeslots')
export class ExternalTimeSlotsController {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly catalog: ExternalCatalog,
  ) {}

  @GetRoute('externalproviders', ['admin', 'editor'], "The supplier's external OCTO providers for the time slot editor: [{id, name}] by name")
  async providers(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<{ id: number; name: string }[]> {
    const supplierId = supplierScope(user);
    await waitUntilCurrent(this.db, this.store, externalProvidersProjection, q.after);
    return externalProviderOptions(this.db, supplierId);
  }

  @GetRoute('externaloffers', ['admin', 'editor'], "The provider's products by name: [{id: productId, name, options: [{id, name, isDefault}]}]")
  offers(@Query(zodPipe(externalOffersQuery)) q: ExternalOffersQuery, @CurrentUser() user: AuthUser): Promise<ExternalOffer[]> {
    return this.catalog.offers(supplierScope(user), q.apiproviderid);
  }

  @GetRoute('externaltimeslots', ['admin', 'editor'], "The product's start times [{id: 'HH:MM', name: 'HH:MM', startMinutes}]; 422 'No time slots for selected product. …' when it has none")
  timeSlots(@Query(zodPipe(externalTimeSlotsQuery)) q: ExternalTimeSlotsQuery, @CurrentUser() user: AuthUser): Promise<ExternalTimeSlot[]> {
    return this.catalog.timeSlots(supplierScope(user), q.apiProviderId, q.productId, q.optionId);
  }
}
