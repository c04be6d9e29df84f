import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventSchemaDefinition } from '../registry';

/**
 * Platform-wide reference data (every supplier shares it): each item is its own stream
 * (`country-784`, `city-3`, `region-12`, `hotel-40`, `tourcategory-2`, `tickettype-5`) and
 * every event states the item whole, so a projection only ever upserts.
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const name = z.string().min(1).max(200);

export const CountryFields = z.object({ id, name, code: z.string().length(2) });
export const CityFields = z.object({ id, name, countryId: id });
export const RegionFields = z.object({ id, name, cityId: id, isActive: z.boolean() });
export const HotelFields = z.object({ id, name, regionId: id, cityId: id });
export const TourCategoryFields = z.object({ id, name });
const count = z.number().int().min(0).max(PG_INT_MAX);
export const TicketTypeFields = z.object({
  id,
  name,
  shortName: z.string().max(50),
  reorderLevel: count,
  /** Minutes a ticket stays reserved for an unpaid booking. */
  reservationTime: count,
  available: count,
  expired: count,
  freezed: count,
  expiresIn5Days: count,
});

/** Each kind's fields: the schema of both its `<Kind>Added` and `<Kind>Changed`. */
export const referenceFieldSchemas = { Country: CountryFields, City: CityFields, Region: RegionFields, Hotel: HotelFields, TourCategory: TourCategoryFields, TicketType: TicketTypeFields };

/** Kind of reference item → its data; the event types are `<Kind>Added` and `<Kind>Changed`. */
export type ReferenceKinds = { [K in keyof typeof referenceFieldSchemas]: z.infer<(typeof referenceFieldSchemas)[K]> };
export type ReferenceKind = keyof ReferenceKinds;

export type ReferenceItemEvent<K extends ReferenceKind = ReferenceKind> = K extends ReferenceKind
  ? { type: `${K}Added`; data: ReferenceKinds[K] } | { type: `${K}Changed`; data: ReferenceKinds[K] }
  : never;

const pair = <K extends ReferenceKind>(kind: K, schema: z.ZodType, added: ReferenceKinds[K], changed: ReferenceKinds[K]): EventSchemaDefinition[] => [
  { type: `${kind}Added`, version: 1, schema, example: added },
  { type: `${kind}Changed`, version: 1, schema, example: changed },
];

export const referenceDataEventSchemas: EventSchemaDefinition[] = [
  ...pair('Country', CountryFields, { id: 784, name: 'United Arab Emirates', code: 'AE' }, { id: 643, name: 'Russian Federation', code: 'RU' }),
  ...pair('City', CityFields, { id: 1, name: 'Dubai', countryId: 784 }, { id: 2, name: 'Abu Dhabi', countryId: 784 }),
  ...pair('Region', RegionFields, { id: 1, name: 'Deira', cityId: 1, isActive: true }, { id: 2, name: 'Bur Dubai', cityId: 1, isActive: false }),
  ...pair('Hotel', HotelFields, { id: 1, name: 'Hyatt Regency Dubai Creek', regionId: 1, cityId: 1 }, { id: 2, name: 'Raffles Dubai', regionId: 2, cityId: 1 }),
  ...pair('TourCategory', TourCategoryFields, { id: 1, name: 'Desert Safari' }, { id: 2, name: 'City Tours' }),
  ...pair(
    'TicketType',
    TicketTypeFields,
    { id: 1, name: 'Burj Khalifa At the Top', shortName: 'BK124', reorderLevel: 50, reservationTime: 30, available: 200, expired: 0, freezed: 4, expiresIn5Days: 10 },
    { id: 2, name: 'Dubai Frame', shortName: 'FRAME', reorderLevel: 20, reservationTime: 15, available: 80, expired: 2, freezed: 0, expiresIn5Days: 0 },
  ),
];
