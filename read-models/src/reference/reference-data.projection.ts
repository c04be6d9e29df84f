import type { ReferenceItemEvent, ReferenceKind } from '@tbo/event-schemas';
import { namedItemKey } from '../runner/columns';
import { defineProjection } from '../runner/projection';

/** Event type → the read table it upserts and how its data maps to columns. */
const targets: Record<string, { table: string; row: (d: Record<string, unknown>) => Record<string, unknown> }> = {
  Country: { table: 'countries', row: (d) => ({ id: d.id, name: d.name, code: d.code }) },
  City: { table: 'cities', row: (d) => ({ id: d.id, name: d.name, country_id: d.countryId }) },
  Region: { table: 'regions', row: (d) => ({ id: d.id, name: d.name, city_id: d.cityId, is_active: d.isActive }) },
  Hotel: { table: 'hotels', row: (d) => ({ id: d.id, name: d.name, region_id: d.regionId, city_id: d.cityId }) },
  TourCategory: { table: 'tour_categories', row: (d) => ({ id: d.id, name: d.name }) },
  TicketType: {
    table: 'ticket_types',
    row: (d) => ({
      id: d.id,
      name: d.name,
      short_name: d.shortName,
      reorder_level: d.reorderLevel,
      reservation_time: d.reservationTime,
      available: d.available,
      expired: d.expired,
      freezed: d.freezed,
      expires_in_5_days: d.expiresIn5Days,
    }),
  },
};

const kinds = Object.keys(targets) as ReferenceKind[];

/** Countries, cities, regions, hotels, tour categories and ticket types: platform-wide lists. */
export const referenceDataProjection = defineProjection<ReferenceItemEvent>({
  name: 'reference_data',
  // 2: a region moved to another city takes its hotels along.
  version: 2,
  handles: kinds.flatMap((k) => [`${k}Added`, `${k}Changed`] as const),
  tables: {
    countries: (t) => {
      namedItemKey(t);
      t.text('code').notNullable();
    },
    cities: (t) => {
      namedItemKey(t);
      t.integer('country_id').notNullable();
    },
    regions: (t) => {
      namedItemKey(t);
      t.integer('city_id').notNullable();
      t.boolean('is_active').notNullable();
    },
    hotels: (t) => {
      namedItemKey(t);
      t.integer('region_id').notNullable();
      t.integer('city_id').notNullable();
    },
    tour_categories: (t) => {
      namedItemKey(t);
    },
    ticket_types: (t) => {
      namedItemKey(t);
      t.text('short_name').notNullable();
      t.integer('reorder_level').notNullable();
      t.integer('reservation_time').notNullable();
      t.integer('available').notNullable();
      t.integer('expired').notNullable();
      t.integer('freezed').notNullable();
      t.integer('expires_in_5_days').notNullable();
    },
  },
  async apply({ trx, table }, event) {
    const kind = event.type.replace(/(Added|Changed)$/, '');
    const target = targets[kind];
    if (!target) return;
    const row = target.row(event.data as Record<string, unknown>);
    await trx(table(target.table))
      .insert(row)
      .onConflict('id')
      .merge(Object.keys(row).filter((k) => k !== 'id'));
    // A hotel's city is its region's (copied when the hotel is saved): a region moved to another city moves them.
    if (kind === 'Region') await trx(table('hotels')).where({ region_id: row.id }).whereNot({ city_id: row.city_id }).update({ city_id: row.city_id });
  },
});
