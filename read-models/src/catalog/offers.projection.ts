import type { OfferStreamEvent } from '@tbo/event-schemas';
import type { Projection } from '../runner/projection';

/** What the summary needs of each valid period (kept in `valid_periods`, in the offer's order). */
export interface OfferPeriodSummary {
  id: number;
  periodEnd: string;
  pricePerAdultRecUsd: number | null;
  pricePerChildRecUsd: number | null;
  pricePerTripRecUsd: number | null;
}

/**
 * The summary valid period shown in lists: the one ending last (the first of equals, as
 * modules/catalog's summaryPeriod folds it).
 */
export function summaryOfPeriods(periods: readonly OfferPeriodSummary[]): OfferPeriodSummary | null {
  return periods.reduce<OfferPeriodSummary | null>((best, p) => (!best || p.periodEnd > best.periodEnd ? p : best), null);
}

/** Replaces the period with the same id in place, or appends it (saving a period replaces it in the offer). */
export function withPeriod(list: readonly OfferPeriodSummary[], period: OfferPeriodSummary): OfferPeriodSummary[] {
  const i = list.findIndex((p) => p.id === period.id);
  return i < 0 ? [...list, period] : list.map((p, j) => (j === i ? period : p));
}

export const summaryColumns = (periods: readonly OfferPeriodSummary[]) => {
  const s = summaryOfPeriods(periods);
  return {
    price_per_adult_rec_usd: s?.pricePerAdultRecUsd ?? null,
    price_per_child_rec_usd: s?.pricePerChildRecUsd ?? null,
    price_per_trip_rec_usd: s?.pricePerTripRecUsd ?? null,
    period_end: s?.periodEnd ?? null,
  };
};

/**
 * One row per offer (ticket): what the tours list and the tour's Tickets tab show, with the
 * summary valid period (the one ending last) flattened into columns. The valid periods' few
 * summary figures stay in `valid_periods` (jsonb) so saving any period can recompute the summary.
 * `version` is the offer stream's revision.
 */
export const offersProjection: Projection = {
  name: 'offers',
  version: 1,
  handles: ['OfferCreated', 'OfferDetailsChanged', 'OfferCancellationPolicyChanged', 'OfferValidPeriodTermsSet', 'OfferDeleted', 'OfferRestored', 'ValidPeriodPriced'],
  tables: {
    offers: (t) => {
      t.integer('id').primary();
      t.integer('supplier_id').notNullable();
      t.integer('tour_id').notNullable();
      t.text('name_internal').notNullable().defaultTo('');
      t.text('name_display').notNullable().defaultTo('');
      t.smallint('booking_type').notNullable().defaultTo(1);
      t.boolean('is_deleted').notNullable().defaultTo(false);
      t.jsonb('valid_periods').notNullable().defaultTo('[]');
      t.double('price_per_adult_rec_usd');
      t.double('price_per_child_rec_usd');
      t.double('price_per_trip_rec_usd');
      t.specificType('period_end', 'timestamptz(3)');
      t.integer('version').notNullable();
      t.index(['tour_id']);
      t.index(['supplier_id']);
    },
  },
  async apply({ trx, table }, recorded) {
    const event = recorded as unknown as OfferStreamEvent;
    const offers = table('offers');
    const version = recorded.revision;
    switch (event.type) {
      case 'OfferCreated': {
        const { id, supplierId, tourId } = event.data;
        await trx(offers).insert({ id, supplier_id: supplierId, tour_id: tourId, version }).onConflict('id').merge(['supplier_id', 'tour_id', 'version']);
        return;
      }
      case 'OfferDetailsChanged': {
        const d = event.data;
        const columns = { tour_id: d.tourId, name_internal: d.nameInternal, name_display: d.nameDisplay, booking_type: d.bookingType, version };
        await trx(offers)
          .insert({ id: d.id, supplier_id: d.supplierId, ...columns })
          .onConflict('id')
          .merge(Object.keys(columns));
        return;
      }
      case 'OfferDeleted':
      case 'OfferRestored':
        await trx(offers).where({ id: event.data.id }).update({ is_deleted: event.type === 'OfferDeleted', version });
        return;
      case 'OfferCancellationPolicyChanged':
      case 'OfferValidPeriodTermsSet':
        await trx(offers).where({ id: event.data.id }).update({ version });
        return;
      case 'ValidPeriodPriced': {
        const d = event.data;
        const row = await trx(offers).select('valid_periods').where({ id: d.offerId }).first<{ valid_periods: OfferPeriodSummary[] } | undefined>();
        if (!row) return;
        const periods = withPeriod(row.valid_periods ?? [], {
          id: d.id,
          periodEnd: d.periodEnd,
          pricePerAdultRecUsd: d.pricePerAdultRecUsd,
          pricePerChildRecUsd: d.pricePerChildRecUsd,
          pricePerTripRecUsd: d.pricePerTripRecUsd,
        });
        await trx(offers)
          .where({ id: d.offerId })
          .update({ valid_periods: JSON.stringify(periods), ...summaryColumns(periods), version });
        return;
      }
    }
  },
};
