import type { Knex } from 'knex';

export interface Option {
  value: number;
  label: string;
}
export interface IdName {
  id: number;
  name: string;
}
export interface RegionView {
  id: number;
  name: string;
  cityId: number;
  cityName: string;
  isActive: boolean;
}
export interface HotelView {
  id: number;
  name: string;
  regionId: number;
  regionName: string;
  cityId: number;
  cityName: string;
}
export interface TicketTypeView {
  id: number;
  name: string;
  shortName: string;
  reorderLevel: number;
  /** Minutes a ticket stays reserved for an unpaid booking. */
  reservationTime: number;
  available: number;
  expired: number;
  freezed: number;
  expiresIn5Days: number;
}

/**
 * Reference lists are short (a few hundred rows at most) and sorted here, with one English
 * collation, so 'Åland Islands' sits with the A's whatever the database's collation is.
 */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export const compareNames = (a: string, b: string) => collator.compare(a, b);
const sortedBy = <T>(rows: T[], ...keys: ((r: T) => string)[]): T[] =>
  rows.sort((a, b) => {
    for (const key of keys) {
      const c = compareNames(key(a), key(b));
      if (c) return c;
    }
    return 0;
  });

const byLabel = async (db: Knex, table: string): Promise<Option[]> =>
  sortedBy<Option>(await db(table).select('id as value', 'name as label').orderBy('id'), (r) => r.label);

/** Countries with their ISO 3166-1 alpha-2 code, so the browser can name them in the reader's language. */
export const countryOptions = async (db: Knex): Promise<(Option & { code: string })[]> =>
  sortedBy(await db('countries').select('id as value', 'name as label', 'code').orderBy('id'), (r) => r.label);
export const cityOptions = (db: Knex) => byLabel(db, 'cities');
export const tourCategoryOptions = (db: Knex) => byLabel(db, 'tour_categories');

export async function listCities(db: Knex): Promise<IdName[]> {
  return sortedBy<IdName>(await db('cities').select('id', 'name').orderBy('id'), (r) => r.name);
}

export async function listRegions(db: Knex): Promise<RegionView[]> {
  const rows: RegionView[] = await db('regions as r')
    .join('cities as c', 'c.id', 'r.city_id')
    .select('r.id', 'r.name', 'r.city_id as cityId', 'c.name as cityName', 'r.is_active as isActive')
    .orderBy('r.id');
  return sortedBy(rows, (r) => r.cityName, (r) => r.name);
}

/**
 * Hotels with their region and city. A hotel's city is its region's, now: a region moved to another city takes its
 * hotels along (the city_id a hotel's row keeps is the region's city when the hotel was last saved).
 */
export async function listHotels(db: Knex): Promise<HotelView[]> {
  return db('hotels as h')
    .join('regions as r', 'r.id', 'h.region_id')
    .join('cities as c', 'c.id', 'r.city_id')
    .select('h.id', 'h.name', 'h.region_id as regionId', 'r.name as regionName', 'r.city_id as cityId', 'c.name as cityName')
    .orderBy('h.id')
    .then((rows: HotelView[]) => sortedBy(rows, (r) => r.name));
}

/** One row of a reference table by id (the handlers check references with it). */
export async function findReferenceRow(db: Knex, table: 'countries' | 'cities' | 'regions' | 'hotels' | 'tour_categories' | 'ticket_types', id: number): Promise<Record<string, unknown> | undefined> {
  return db(table).where({ id }).first();
}

/** A row of a reference table by name, case-insensitively (seed idempotency, duplicate checks). */
export async function findReferenceByName(db: Knex, table: 'countries' | 'cities' | 'regions' | 'hotels' | 'tour_categories' | 'ticket_types', name: string, where: Record<string, unknown> = {}): Promise<{ id: number } | undefined> {
  return db(table).select('id').where(where).whereRaw('lower(name) = lower(?)', [name.trim()]).first();
}

/** Which of these ids exist in a reference table (save handlers check references with it). */
export async function existingReferenceIds(db: Knex, table: 'countries' | 'cities' | 'regions' | 'hotels' | 'tour_categories' | 'ticket_types', ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows: { id: number }[] = await db(table).select('id').whereRaw('id = any(?::int[])', [ids as number[]]);
  return new Set(rows.map((r) => r.id));
}
