import type { Knex } from 'knex';

export interface PhotoUsageRef {
  id: number;
  name: string;
}

export interface PhotoUsage {
  usedInTours: PhotoUsageRef[];
  usedInCountries: PhotoUsageRef[];
  usedInWidgets: PhotoUsageRef[];
}

export interface PhotoRow {
  id: number;
  supplierId: number;
  title: string;
  description: string;
  status: 'processing' | 'ready';
  variantKeys: { big: string; medium: string; small: string } | null;
  variantsVersion: string | null;
  isDeleted: boolean;
}

interface Row {
  id: number;
  supplier_id: number;
  title: string;
  description: string;
  status: 'processing' | 'ready';
  variant_keys: { big: string; medium: string; small: string } | null;
  variants_version: string | null;
  is_deleted: boolean;
}

const COLUMNS = ['id', 'supplier_id', 'title', 'description', 'status', 'variant_keys', 'variants_version', 'is_deleted'];

const toRow = (r: Row): PhotoRow => ({
  id: r.id,
  supplierId: r.supplier_id,
  title: r.title,
  description: r.description,
  status: r.status,
  variantKeys: r.variant_keys,
  variantsVersion: r.variants_version,
  isDeleted: r.is_deleted,
});

export const emptyUsage = (): PhotoUsage => ({ usedInTours: [], usedInCountries: [], usedInWidgets: [] });

/** Usage lists of the given photos, by photo id (photos used nowhere are absent). */
export async function photoUsageOf(db: Knex, photoIds: number[]): Promise<Map<number, PhotoUsage>> {
  const out = new Map<number, PhotoUsage>();
  if (photoIds.length === 0) return out;
  const rows: { photo_id: number; kind: string; ref_id: number; name: string }[] = await db('photo_usage')
    .select('photo_id', 'kind', 'ref_id', 'name')
    .whereIn('photo_id', photoIds)
    .orderBy(['photo_id', 'kind', 'name', 'ref_id']);
  for (const r of rows) {
    const usage = out.get(r.photo_id) ?? emptyUsage();
    const item = { id: r.ref_id, name: r.name };
    if (r.kind === 'tour') usage.usedInTours.push(item);
    else if (r.kind === 'country') usage.usedInCountries.push(item);
    else if (r.kind === 'widget') usage.usedInWidgets.push(item);
    out.set(r.photo_id, usage);
  }
  return out;
}

/** One photo (deleted ones too: callers decide). */
export async function findPhoto(db: Knex, id: number): Promise<PhotoRow | undefined> {
  const row = await db<Row>('photos').select(...COLUMNS).where({ id }).first();
  return row ? toRow(row as Row) : undefined;
}

/** Photos still without variants (the worker's start-up sweep enqueues their jobs again). */
export async function photosAwaitingVariants(db: Knex, limit = 1000): Promise<{ id: number }[]> {
  return db('photos').select('id').where({ status: 'processing', is_deleted: false }).orderBy('id').limit(limit);
}

/** ILIKE pattern for a search text: % and _ are literal. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A supplier's photos, newest first, filtered by text (title or description) and by tours using them. */
export async function listPhotos(
  db: Knex,
  filter: { supplierId: number; search: string; toursIds: number[]; page: number; pageSize: number },
): Promise<{ rows: PhotoRow[]; total: number }> {
  const base = db<Row>('photos').where({ supplier_id: filter.supplierId, is_deleted: false });
  if (filter.search) {
    const pattern = likePattern(filter.search);
    base.where((q) => q.whereRaw('title ILIKE ?', [pattern]).orWhereRaw('description ILIKE ?', [pattern]));
  }
  if (filter.toursIds.length) {
    base.whereExists(db('photo_usage').select(db.raw('1')).whereRaw('photo_usage.photo_id = photos.id').where('kind', 'tour').whereIn('ref_id', filter.toursIds));
  }
  const [{ n }] = (await base.clone().count({ n: '*' })) as unknown as [{ n: string }];
  const total = Number(n);
  const rows = await base
    .clone()
    .select(...COLUMNS)
    .orderBy('id', 'desc')
    .limit(filter.pageSize)
    .offset((Math.max(1, filter.page) - 1) * filter.pageSize);
  return { rows: (rows as Row[]).map(toRow), total };
}

/** Tours that use at least one of the supplier's photos (the photo list's tours filter). */
export async function toursUsingPhotos(db: Knex, supplierId: number): Promise<PhotoUsageRef[]> {
  return db('photo_usage as u')
    .join('photos as p', 'p.id', 'u.photo_id')
    .where({ 'p.supplier_id': supplierId, 'p.is_deleted': false, 'u.kind': 'tour' })
    .distinct('u.ref_id as id', 'u.name as name')
    .orderBy([{ column: 'name' }, { column: 'id' }]);
}

/** Which of these photo ids are the supplier's photos (deleted ones included: callers decide). */
export async function supplierPhotoIds(db: Knex, supplierId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows: { id: number }[] = await db('photos').select('id').where({ supplier_id: supplierId }).whereRaw('id = any(?::int[])', [ids as number[]]);
  return new Set(rows.map((r) => r.id));
}
