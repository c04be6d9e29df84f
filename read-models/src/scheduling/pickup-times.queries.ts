import type { Knex } from 'knex';
import { NO_HOTEL_ID, NO_HOTEL_NAME, type PickUpTimeEntries } from '@tbo/scheduling/src/pure/pickup-window.pure';
import { compareNames } from '../reference/reference-data.queries';

export interface PickUpTimeListRow {
  id: number;
  name: string;
  isFixedTime: boolean;
}

export interface PickUpTimeRow extends PickUpTimeListRow {
  supplierId: number;
  isDeleted: boolean;
  version: number;
}

/** A region's line on the edit screen: every region, with its window or nulls when unset. */
export interface PickUpTimeRegionLine {
  regionId: number;
  name: string;
  cityId: number;
  cityName: string;
  isActive: boolean;
  timeStart: number | null;
  timeEnd: number | null;
}

/** A hotel override; the 'No Hotel' row has no region or city. */
export interface PickUpTimeHotelLine {
  hotelId: number;
  name: string;
  regionId: number | null;
  regionName: string | null;
  cityId: number | null;
  cityName: string | null;
  timeStart: number;
  timeEnd: number;
}

/** Case-insensitive name order, then id, matching the (supplier_id, lower(name), id) index. */
const NAME_ORDER = 'lower(p.name) asc, p.id asc';

/** The supplier's pick-up times that are not deleted, by name (the list's default sort, spec 02 §9). */
export async function listPickUpTimes(db: Knex, supplierId: number): Promise<PickUpTimeListRow[]> {
  return db('pickup_times as p').select('p.id', 'p.name', 'p.is_fixed_time as isFixedTime').where({ 'p.supplier_id': supplierId, 'p.is_deleted': false }).orderByRaw(NAME_ORDER);
}

/** The pick-up time dropdowns' options: id and name of the supplier's pick-up times that are not deleted, by name. */
export async function pickUpTimeOptions(db: Knex, supplierId: number): Promise<{ id: number; name: string }[]> {
  return db('pickup_times as p').select('p.id', 'p.name').where({ 'p.supplier_id': supplierId, 'p.is_deleted': false }).orderByRaw(NAME_ORDER);
}

export async function findPickUpTime(db: Knex, id: number): Promise<PickUpTimeRow | undefined> {
  return db('pickup_times')
    .select('id', 'supplier_id as supplierId', 'name', 'is_fixed_time as isFixedTime', 'is_deleted as isDeleted', 'version')
    .where({ id })
    .first();
}

/** Every region (inactive ones too: the screen can show them) with this pick-up time's window, by city then name. */
export async function pickUpTimeRegionLines(db: Knex, pickUpTimeId: number): Promise<PickUpTimeRegionLine[]> {
  const rows: PickUpTimeRegionLine[] = await db('regions as r')
    .join('cities as c', 'c.id', 'r.city_id')
    .leftJoin('pickup_time_regions as w', function onWindow() {
      this.on('w.region_id', 'r.id').andOn('w.pickup_time_id', db.raw('?', [pickUpTimeId]));
    })
    .select('r.id as regionId', 'r.name', 'r.city_id as cityId', 'c.name as cityName', 'r.is_active as isActive', 'w.time_start as timeStart', 'w.time_end as timeEnd')
    .orderBy('r.id');
  return rows.sort((a, b) => compareNames(a.cityName, b.cityName) || compareNames(a.name, b.name));
}

/** This pick-up time's hotel overrides with the hotel's region and city, 'No Hotel' first, then by hotel name. */
export async function pickUpTimeHotelLines(db: Knex, pickUpTimeId: number): Promise<PickUpTimeHotelLine[]> {
  const rows: PickUpTimeHotelLine[] = await db('pickup_time_hotels as w')
    .leftJoin('hotels as h', 'h.id', 'w.hotel_id')
    .leftJoin('regions as r', 'r.id', 'h.region_id')
    .leftJoin('cities as c', 'c.id', 'h.city_id')
    .select('w.hotel_id as hotelId', 'h.name', 'h.region_id as regionId', 'r.name as regionName', 'h.city_id as cityId', 'c.name as cityName', 'w.time_start as timeStart', 'w.time_end as timeEnd')
    .where('w.pickup_time_id', pickUpTimeId)
    .orderBy('w.hotel_id');
  const lines = rows.map((r) => (r.hotelId === NO_HOTEL_ID ? { ...r, name: NO_HOTEL_NAME } : { ...r, name: r.name ?? '' }));
  return lines.sort((a, b) => Number(b.hotelId === NO_HOTEL_ID) - Number(a.hotelId === NO_HOTEL_ID) || compareNames(a.name, b.name));
}

/**
 * The supplier's pick-up times among `ids` that are not deleted, with their windows: the lookup the pick-up
 * window rule (pickUpWindowFor) takes, for readers that show windows (lists, vouchers, manifests).
 */
export async function pickUpTimeLookup(db: Knex, supplierId: number, ids: readonly number[]): Promise<Map<number, PickUpTimeEntries>> {
  const out = new Map<number, { isFixedTime: boolean; regionsPickUpTimes: PickUpTimeEntries['regionsPickUpTimes'][number][]; hotelsPickUpTimes: PickUpTimeEntries['hotelsPickUpTimes'][number][] }>();
  if (!ids.length) return out;
  const owned: { id: number; isFixedTime: boolean }[] = await db('pickup_times')
    .select('id', 'is_fixed_time as isFixedTime')
    .where({ supplier_id: supplierId, is_deleted: false })
    .whereRaw('id = any(?::int[])', [[...ids]]);
  for (const p of owned) out.set(p.id, { isFixedTime: p.isFixedTime, regionsPickUpTimes: [], hotelsPickUpTimes: [] });
  const found = [...out.keys()];
  if (!found.length) return out;
  const [regions, hotels] = await Promise.all([
    db('pickup_time_regions').select('pickup_time_id as id', 'region_id as regionId', 'time_start as timeStart', 'time_end as timeEnd').whereRaw('pickup_time_id = any(?::int[])', [found]),
    db('pickup_time_hotels').select('pickup_time_id as id', 'hotel_id as hotelId', 'time_start as timeStart', 'time_end as timeEnd').whereRaw('pickup_time_id = any(?::int[])', [found]),
  ]);
  for (const { id, ...w } of regions as { id: number; regionId: number; timeStart: number; timeEnd: number }[]) out.get(id)!.regionsPickUpTimes.push(w);
  for (const { id, ...w } of hotels as { id: number; hotelId: number; timeStart: number; timeEnd: number }[]) out.get(id)!.hotelsPickUpTimes.push(w);
  return out;
}
