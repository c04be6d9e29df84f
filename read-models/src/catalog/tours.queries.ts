import type { Knex } from 'knex';

export interface TourListRow {
  id: number;
  nameInternal: string;
  nameDisplay: string;
  languageId: number | null;
  languageName: string;
  isTopTour: boolean;
  isDeleted: boolean;
}

export interface TourRow {
  id: number;
  supplierId: number;
  isDeleted: boolean;
  data: Record<string, unknown>;
  version: number;
}

export interface TourListFilter {
  supplierId: number;
  tourIds?: number[];
  languageIds?: number[];
  /** Tours having one of these offers (deleted offers count only with showDeleted, as the list shows them). */
  offerIds?: number[];
  top?: boolean;
  showDeleted?: boolean;
}

export type TourSortField = 'id' | 'nameInternal' | 'nameDisplay' | 'languageName' | 'isTopTour';

const SORT_COLUMNS: Record<TourSortField, string> = {
  id: 't.id',
  nameInternal: 'lower(t.name_internal)',
  nameDisplay: 'lower(t.name_display)',
  languageName: "lower(coalesce(l.name, ''))",
  isTopTour: 't.is_top_tour',
};

export async function findTour(db: Knex, id: number): Promise<TourRow | undefined> {
  return db('tours').select('id', 'supplier_id as supplierId', 'is_deleted as isDeleted', 'data', 'version').where({ id }).first();
}

function filtered(db: Knex, f: TourListFilter): Knex.QueryBuilder {
  const q = db('tours as t').leftJoin('languages as l', 'l.id', 't.language_id').where('t.supplier_id', f.supplierId);
  if (f.tourIds?.length) q.whereIn('t.id', f.tourIds);
  if (f.languageIds?.length) q.whereIn('t.language_id', f.languageIds);
  if (f.offerIds?.length) {
    const offerIds = f.offerIds;
    q.whereExists(function tourHasOffer() {
      this.select(db.raw('1')).from('offers as o').whereRaw('o.tour_id = t.id').whereRaw('o.id = any(?::int[])', [offerIds]);
      if (!f.showDeleted) this.where('o.is_deleted', false);
    });
  }
  if (f.top !== undefined) q.where('t.is_top_tour', f.top);
  if (!f.showDeleted) q.where('t.is_deleted', false);
  return q;
}

export type TourListSort = { field: TourSortField; direction: 'ASC' | 'DESC' };

/**
 * The two queries behind listTours (the page and the count), unexecuted (the manage-list bench
 * runs their SQL directly). A page is a deferred join: the page's ids first, which for the
 * default order is an index-only scan of `tours_supplier_name` however deep the page, then the
 * columns of just those rows.
 */
export function tourListQueries(db: Knex, f: TourListFilter, sort: TourListSort, page: { offset: number; limit: number } | null): { rows: Knex.QueryBuilder; count: Knex.QueryBuilder } {
  const dir = sort.direction === 'DESC' ? 'desc' : 'asc';
  const order = `${SORT_COLUMNS[sort.field]} ${dir}, t.id ${dir}`;
  const columns = ['t.id', 't.name_internal as nameInternal', 't.name_display as nameDisplay', 't.language_id as languageId', db.raw('coalesce(l.name, \'\') as "languageName"'), 't.is_top_tour as isTopTour', 't.is_deleted as isDeleted'];
  const count = filtered(db, f).count('* as count');
  if (!page) return { rows: filtered(db, f).select(columns).orderByRaw(order), count };
  const ids = filtered(db, f).select('t.id').orderByRaw(order).offset(page.offset).limit(page.limit);
  const rows = db('tours as t').join(ids.as('p'), 'p.id', 't.id').leftJoin('languages as l', 'l.id', 't.language_id').select(columns).orderByRaw(order);
  return { rows, count };
}

/** One page of a supplier's tours (offset/limit), and the total count. */
export async function listTours(db: Knex, f: TourListFilter, sort: TourListSort, page: { offset: number; limit: number } | null): Promise<{ rows: TourListRow[]; total: number }> {
  const q = tourListQueries(db, f, sort, page);
  const [rows, count] = await Promise.all([q.rows, q.count as unknown as Promise<{ count: string | number }[]>]);
  return { rows: rows as TourListRow[], total: Number(count[0]?.count ?? 0) };
}

/** The tour filter's options: the supplier's tours that are not deleted, by internal name. */
export async function tourOptions(db: Knex, supplierId: number): Promise<{ id: number; name: string }[]> {
  return db('tours as t').select('t.id', 't.name_internal as name').where({ 't.supplier_id': supplierId, 't.is_deleted': false }).orderByRaw('lower(t.name_internal) asc, t.id asc');
}
