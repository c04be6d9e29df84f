import type { Knex } from 'knex';
import { summaryPeriodAt, type TourOfferSummary } from '@tbo/catalog/src/pure/offer-summary.pure';
import type { OfferDetailsRow, OfferPeriodRow, OfferPolicyRow } from './offers.projection';

export type { TourOfferSummary };

/** An offer as the tours list's offers column shows it. */
export interface TourListOffer {
  id: number;
  nameInternal: string;
  nameDisplay: string;
  isDeleted: boolean;
}

export interface OfferOption {
  id: number;
  name: string;
  tourId: number;
}

interface SummaryRow {
  id: number;
  tourId: number;
  nameInternal: string;
  nameDisplay: string;
  isDeleted: boolean;
  bookingType: number;
  validPeriods: OfferPeriodRow[] | null;
}

/** Offers of one tour, or of a page of tours: one query, sorted by internal name (case-insensitive), then id. */
const OFFER_ORDER = 'lower(o.name_internal) asc, o.id asc';

/** The query behind listOffersOfTours, unexecuted (the manage-list bench runs its SQL directly). */
export function offersOfToursQuery(db: Knex, supplierId: number, tourIds: readonly number[], includeDeleted: boolean): Knex.QueryBuilder {
  const q = db('offers as o')
    .select('o.id', 'o.tour_id as tourId', 'o.name_internal as nameInternal', 'o.name_display as nameDisplay', 'o.is_deleted as isDeleted')
    .where('o.supplier_id', supplierId)
    .whereRaw('o.tour_id = any(?::int[])', [tourIds as number[]])
    .orderByRaw(OFFER_ORDER);
  if (!includeDeleted) q.where('o.is_deleted', false);
  return q;
}

/**
 * The list's offers column for a page of tours: tour id → its offers, in one query. Deleted
 * offers only with `includeDeleted`. Tours without offers are absent from the map.
 */
export async function listOffersOfTours(db: Knex, supplierId: number, tourIds: readonly number[], includeDeleted: boolean): Promise<Map<number, TourListOffer[]>> {
  const out = new Map<number, TourListOffer[]>();
  if (tourIds.length === 0) return out;
  const q = offersOfToursQuery(db, supplierId, tourIds, includeDeleted);
  const rows: (TourListOffer & { tourId: number })[] = await q;
  for (const { tourId, ...offer } of rows) {
    const list = out.get(tourId);
    if (list) list.push(offer);
    else out.set(tourId, [offer]);
  }
  return out;
}

/** Every offer of one tour, deleted ones included (the client filters), with the summary valid period. */
export async function listTourOfferSummaries(db: Knex, supplierId: number, tourId: number): Promise<TourOfferSummary[]> {
  const rows: SummaryRow[] = await db('offers as o')
    .select(
      'o.id',
      'o.tour_id as tourId',
      'o.name_internal as nameInternal',
      'o.name_display as nameDisplay',
      'o.is_deleted as isDeleted',
      'o.booking_type as bookingType',
      'o.valid_periods as validPeriods',
    )
    .where({ 'o.supplier_id': supplierId, 'o.tour_id': tourId })
    .orderByRaw(OFFER_ORDER);
  // The summary at this moment: the period in force, else the next to start (summaryPeriodAt).
  const now = new Date().toISOString();
  return rows.map((r) => {
    const summary = summaryPeriodAt(r.validPeriods ?? [], now);
    return {
      id: r.id,
      tourId: r.tourId,
      nameInternal: r.nameInternal,
      nameDisplay: r.nameDisplay,
      isDeleted: r.isDeleted,
      bookingType: r.bookingType as 0 | 1 | 2,
      pricePerAdultRecUsd: summary?.pricePerAdultRecUsd ?? null,
      pricePerChildRecUsd: summary?.pricePerChildRecUsd ?? null,
      pricePerTripRecUsd: summary?.pricePerTripRecUsd ?? null,
      periodEnd: summary?.periodEnd ?? null,
    };
  });
}

/** The offers filter's options: the supplier's offers that are not deleted (of the given tours, if any), by name. */
export async function offerOptions(db: Knex, supplierId: number, tourIds?: readonly number[]): Promise<OfferOption[]> {
  const q = db('offers as o')
    .select('o.id', 'o.name_internal as name', 'o.tour_id as tourId')
    .where({ 'o.supplier_id': supplierId, 'o.is_deleted': false })
    .orderByRaw(OFFER_ORDER);
  if (tourIds?.length) q.whereRaw('o.tour_id = any(?::int[])', [tourIds as number[]]);
  return q;
}

/** One offer whole, as its editor reads it: null details or policy until their first event. */
export interface OfferRow {
  id: number;
  supplierId: number;
  tourId: number;
  isDeleted: boolean;
  details: OfferDetailsRow | null;
  policy: OfferPolicyRow | null;
  validPeriods: OfferPeriodRow[];
  version: number;
}

export async function findOffer(db: Knex, id: number): Promise<OfferRow | null> {
  const row = await db('offers')
    .select('id', 'supplier_id as supplierId', 'tour_id as tourId', 'is_deleted as isDeleted', 'details', 'cancellation_policy as policy', 'valid_periods as validPeriods', 'version')
    .where({ id })
    .first<OfferRow | undefined>();
  return row ?? null;
}
