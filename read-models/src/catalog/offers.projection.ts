import type { Knex } from 'knex';
import type { OfferCancellationPolicyData, OfferDetailsData, OfferStreamEvent, ValidPeriodPricedData } from '@tbo/event-schemas';
import { pricePeriod, setPeriodTerms, summaryPeriod } from '@tbo/catalog/src/pure/offer-summary.pure';
import { deletedFlag, instant, streamVersion, supplierItemKey } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { flagDeleted, upsertRow } from '../runner/rows';

/** A valid period as the offer answers it: the priced figures and settings, plus its advance payment. */
export type OfferPeriodRow = ValidPeriodPricedData & { minimumAdvancedPayment: number };
export type OfferDetailsRow = Omit<OfferDetailsData, 'id' | 'supplierId'>;
export type OfferPolicyRow = Omit<OfferCancellationPolicyData, 'id' | 'supplierId'>;

/**
 * One row per offer (ticket): what the tours list and the tour's Tickets tab show, and the whole offer for its
 * editor (`details`, `cancellation_policy`, `valid_periods` as the decider keeps them). The summary valid period a
 * list shows depends on the day, so it is chosen from `valid_periods` when read (summaryPeriodAt). Those are
 * `json`, not `jsonb`: json keeps the keys in the events' order, so the answer is the same bytes
 * the stream's fold gave. `version` is the offer stream's revision.
 */
export const offersProjection = defineProjection<OfferStreamEvent>({
  name: 'offers',
  // 3: the summary columns are gone (the lists choose the summary period when they read); priced_until instead.
  version: 3,
  handles: ['OfferCreated', 'OfferDetailsChanged', 'OfferCancellationPolicyChanged', 'OfferValidPeriodTermsSet', 'OfferDeleted', 'OfferRestored', 'ValidPeriodPriced'],
  tables: {
    offers: (t) => {
      supplierItemKey(t);
      t.integer('tour_id').notNullable();
      t.text('name_internal').notNullable().defaultTo('');
      t.text('name_display').notNullable().defaultTo('');
      t.smallint('booking_type').notNullable().defaultTo(1);
      deletedFlag(t);
      t.json('details');
      t.json('cancellation_policy');
      t.json('valid_periods').notNullable().defaultTo('[]');
      // How long the offer has prices: its last period's end (null: none). A real date column, so a period dated
      // outside what Postgres takes is refused here and parked, not stored where no date check reads it.
      instant(t, 'priced_until');
      streamVersion(t);
      t.index(['tour_id']);
      t.index(['supplier_id']);
    },
  },
  async apply({ trx, table }, event) {
    const offers = table('offers');
    const version = event.revision;
    switch (event.type) {
      case 'OfferCreated': {
        const { id, supplierId, tourId } = event.data;
        await upsertRow(trx, offers, { id }, { supplier_id: supplierId, tour_id: tourId, version });
        return;
      }
      case 'OfferDetailsChanged': {
        const { id: _id, supplierId: _s, ...details } = event.data;
        const d = event.data;
        const columns = { tour_id: d.tourId, name_internal: d.nameInternal, name_display: d.nameDisplay, booking_type: d.bookingType, details: JSON.stringify(details), version };
        await upsertRow(trx, offers, { id: d.id }, columns, { supplier_id: d.supplierId });
        return;
      }
      case 'OfferDeleted':
      case 'OfferRestored':
        await flagDeleted(trx, offers, event.data.id, event.type === 'OfferDeleted', { version });
        return;
      case 'OfferCancellationPolicyChanged': {
        const policy: OfferPolicyRow = { isOverrideTourCancellationPolicy: event.data.isOverrideTourCancellationPolicy, cancellationPolicy: event.data.cancellationPolicy };
        await trx(offers).where({ id: event.data.id }).update({ cancellation_policy: JSON.stringify(policy), version });
        return;
      }
      case 'OfferValidPeriodTermsSet': {
        const d = event.data;
        await updatePeriods(trx, offers, d.id, version, (list) => setPeriodTerms(list, d.validPeriodId, d.minimumAdvancedPayment));
        return;
      }
      case 'ValidPeriodPriced':
        await updatePeriods(trx, offers, event.data.offerId, version, (list) => pricePeriod(list, event.data));
        return;
    }
  },
});

/** A change to the offer's valid periods (and how long it is priced); a period of an unknown offer is ignored. */
async function updatePeriods(trx: Knex.Transaction, offers: string, offerId: number, version: number, change: (list: OfferPeriodRow[]) => OfferPeriodRow[]): Promise<void> {
  const row = await trx(offers).select('valid_periods').where({ id: offerId }).first<{ valid_periods: OfferPeriodRow[] | null } | undefined>();
  if (!row) return;
  const periods = change(row.valid_periods ?? []);
  await trx(offers)
    .where({ id: offerId })
    .update({ valid_periods: JSON.stringify(periods), priced_until: summaryPeriod(periods)?.periodEnd ?? null, version });
}
