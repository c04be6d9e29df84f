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
  /** Tours having one of these offers (offers do not exist yet: a non-empty list matches nothing). */
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
  if (f.offerIds?.length) q.whereRaw('false');
  if (f.top !== undefined) q.where('t.is_top_tour', f.top);
  if (!f.showDeleted) q.where('t.is_deleted', false);
  return q;
}

/** One page of a supplier's tours (offset/limit), and the total count. */
export async function listTours(
  db: Knex,
  f: TourListFilter,
  sort: { field: TourSortField; direction: 'ASC' | 'DESC' },
  page: { offset: number; limit: number } | null,
): Promise<{ rows: TourListRow[]; total: number }> {
  const dir = sort.direction === 'DESC' ? 'desc' : 'asc';
  const q = filtered(db, f)
    .select('t.id', 't.name_internal as nameInternal', 't.name_display as nameDisplay', 't.language_id as languageId', db.raw("coalesce(l.name, '') as \"languageName\""), 't.is_top_tour as isTopTour', 't.is_deleted as isDeleted')
    .orderByRaw(`${SORT_COLUMNS[sort.field]} ${dir}, t.id ${dir}`);
  if (page) q.offset(page.offset).limit(page.limit);
  const [rows, count] = await Promise.all([q, filtered(db, f).count<{ count: string }[]>('* as count')]);
  return { rows: rows as TourListRow[], total: Number(count[0]?.count ?? 0) };
}
