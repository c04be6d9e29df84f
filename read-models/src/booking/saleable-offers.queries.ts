import type { Knex } from 'knex';

/** An offer an agent may be shown for a new booking, as the offers and tours read models have it. */
export interface SaleableOfferRow {
  id: number;
  supplierId: number;
  tourId: number;
  tourNameInternal: string;
  tourNameDisplay: string;
  nameInternal: string;
  nameDisplay: string;
  details: {
    origin: number[];
    minNumOfPeople: number;
    maxNumOfPeople: number;
    numberOfHours: number;
    childrenAllowed: boolean;
    childAge: number;
    infantsAllowed: boolean;
    infantAge: number;
    timeSlots: number[];
    bookingType: 0 | 1 | 2;
  };
  validPeriods: { id: number; periodStart: string; periodEnd: string }[];
}

/**
 * The live offers of live tours of these suppliers (the add-booking choices). Read tables: what is offered is
 * a lookup whose lag is harmless, since the booking itself is priced and checked on the streams.
 */
export async function saleableOffers(db: Knex, supplierIds: readonly number[], tourId?: number): Promise<SaleableOfferRow[]> {
  if (!supplierIds.length) return [];
  const q = db('offers as o')
    .join('tours as t', 't.id', 'o.tour_id')
    .select(
      'o.id',
      'o.supplier_id as supplierId',
      'o.tour_id as tourId',
      't.name_internal as tourNameInternal',
      't.name_display as tourNameDisplay',
      'o.name_internal as nameInternal',
      'o.name_display as nameDisplay',
      'o.details',
      'o.valid_periods as validPeriods',
    )
    .whereRaw('o.supplier_id = any(?::int[])', [[...supplierIds]])
    .where({ 'o.is_deleted': false, 't.is_deleted': false })
    .whereNotNull('o.details')
    .orderByRaw('lower(t.name_display), t.id, lower(o.name_display), o.id');
  if (tourId) q.where('o.tour_id', tourId);
  return q;
}
