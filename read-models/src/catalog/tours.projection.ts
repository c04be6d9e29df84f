import type { TourEvent } from '@tbo/event-schemas';
import { deletedFlag, streamVersion, supplierItemKey } from '../runner/columns';
import { defineProjection } from '../runner/projection';

/**
 * One row per tour: the list's columns, the whole tour (every section merged) as jsonb for the
 * edit screen, and the stream revision as the version the client sends back.
 *
 * Version 2: the list's default order (internal name, case-insensitive, then id) is an index, so
 * a page is read in order instead of sorting every tour of the supplier, and a deep page's ids come from
 * the index alone (test/bench/manage-list).
 */
export const toursProjection = defineProjection<TourEvent>({
  name: 'tours',
  version: 2,
  handles: ['TourCreated', 'TourBasicDetailsChanged', 'TourLocationChanged', 'TourTermsChanged', 'TourMediaChanged', 'TourItinerariesChanged', 'TourSeoChanged', 'TourDeleted', 'TourRestored'],
  tables: {
    tours: (t) => {
      supplierItemKey(t);
      t.text('name_internal').notNullable().defaultTo('');
      t.text('name_display').notNullable().defaultTo('');
      t.integer('language_id');
      t.boolean('is_top_tour').notNullable().defaultTo(false);
      deletedFlag(t);
      t.jsonb('data').notNullable();
      streamVersion(t);
    },
  },
  async afterCreate(trx, table) {
    const tours = table('tours');
    // The list's filter columns are included so a page's ids and the count are index-only scans
    // (name_internal too: Postgres reads lower(name_internal) from the index only when it also has the column).
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, lower(name_internal), id) INCLUDE (is_deleted, language_id, is_top_tour, name_internal)', [`${tours}_supplier_name`, tours]);
  },
  async apply({ trx, table }, event) {
    const tours = table('tours');
    const { id, supplierId, ...section } = event.data;
    const row = await trx(tours).select('data').where({ id }).first<{ data: Record<string, unknown> } | undefined>();
    const data: Record<string, unknown> = { ...(row?.data ?? {}), ...section };
    const columns: Record<string, unknown> = { version: event.revision, data: JSON.stringify(data) };
    if (event.type === 'TourDeleted') columns.is_deleted = true;
    if (event.type === 'TourRestored') columns.is_deleted = false;
    if (event.type === 'TourBasicDetailsChanged') {
      Object.assign(columns, {
        name_internal: event.data.nameInternal,
        name_display: event.data.nameDisplay,
        language_id: event.data.languageId,
        is_top_tour: event.data.isTopTour,
      });
    }
    if (row) await trx(tours).where({ id }).update(columns);
    else await trx(tours).insert({ id, supplier_id: supplierId, ...columns });
  },
});
