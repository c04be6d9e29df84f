import type { Knex } from 'knex';

export interface PhotoUsageRef {
  id: number;
  name: string;
}

export interface PhotoUsage {
  usedInTours: PhotoUsageRef[];
  usedInOffers: PhotoUsageRef[];
  usedInCountries: PhotoUsageRef[];
  usedInWidgets: PhotoUsageRef[];
}

/** 'failed': the variants job failed for good (PhotoVariantsFailed). */
export type PhotoStatus = 'processing' | 'ready' | 'failed';

export interface PhotoRow {
  id: number;
  supplierId: number;
  title: string;
  description: string;
  status: PhotoStatus;
  variantKeys: { big: string; medium: string; small: string } | null;
  variantsVersion: string | null;
  isDeleted: boolean;
}

interface Row {
  id: number;
  supplier_id: number;
  title: string;
  description: string;
  status: PhotoStatus;
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

export const emptyUsage = (): PhotoUsage => ({ usedInTours: [], usedInOffers: [], usedInCountries: [], usedInWidgets: [] });

const USAGE_LISTS: Record<string, keyof PhotoUsage> = { tour: 'usedInTours', offer: 'usedInOffers', country: 'usedInCountries', widget: 'usedInWidgets' };

/**
 * A use counts for a photo only when it is the photo's supplier's (or recorded without one): the
 * catalog only takes the supplier's own photos, and this keeps it so for anything recorded otherwise.
 */
const sameSupplier = '(u.supplier_id is null or u.supplier_id = p.supplier_id)';

/** Usage lists of the given photos, by photo id (photos used nowhere are absent), each by name. */
export async function photoUsageOf(db: Knex, photoIds: number[]): Promise<Map<number, PhotoUsage>> {
  const out = new Map<number, PhotoUsage>();
  if (photoIds.length === 0) return out;
  const rows: { photo_id: number; kind: string; ref_id: number; name: string }[] = await db('photo_uses as u')
    .join('photos as p', 'p.id', 'u.photo_id')
    .select('u.photo_id', 'u.kind', 'u.ref_id', 'u.name')
    .whereIn('u.photo_id', photoIds)
    .whereRaw(sameSupplier)
    .orderBy(['u.photo_id', 'u.kind', 'u.name', 'u.ref_id']);
  for (const r of rows) {
    const list = USAGE_LISTS[r.kind];
    if (!list) continue;
    const usage = out.get(r.photo_id) ?? emptyUsage();
    usage[list].push({ id: r.ref_id, name: r.name });
    out.set(r.photo_id, usage);
  }
  return out;
}

/** One photo (deleted ones too: callers decide). */
export async function findPhoto(db: Knex, id: number): Promise<PhotoRow | undefined> {
  const row = await db<Row>('photos').select(...COLUMNS).where({ id }).first();
  return row ? toRow(row as Row) : undefined;
}

/** ILIKE pattern for a search text: % and _ are literal. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A supplier's photos, newest first, filtered by text (title or description), by tours using them (themselves or by an
 * offer) and by id (`ids`: only those; another supplier's ids match nothing).
 * A page past the last one (say, after the last photo on it was deleted) answers the last page, and `page` says which
 * page was read, so the paging info and the rows agree.
 */
export async function listPhotos(
  db: Knex,
  filter: { supplierId: number; search: string; toursIds: number[]; ids?: readonly number[]; page: number; pageSize: number },
): Promise<{ rows: PhotoRow[]; total: number; page: number }> {
  const base = db<Row>('photos').where({ supplier_id: filter.supplierId, is_deleted: false });
  if (filter.search) {
    const pattern = likePattern(filter.search);
    base.where((q) => q.whereRaw('title ILIKE ?', [pattern]).orWhereRaw('description ILIKE ?', [pattern]));
  }
  if (filter.ids?.length) base.whereRaw('id = any(?::int[])', [filter.ids as number[]]);
  if (filter.toursIds.length) {
    base.whereExists(
      db('photo_uses as u')
        .select(db.raw('1'))
        .whereRaw('u.photo_id = photos.id')
        .whereRaw('(u.supplier_id is null or u.supplier_id = photos.supplier_id)')
        .whereIn('u.tour_id', filter.toursIds),
    );
  }
  const [{ n }] = (await base.clone().count({ n: '*' })) as unknown as [{ n: string }];
  const total = Number(n);
  const lastPage = Math.max(1, Math.ceil(total / filter.pageSize));
  const page = Math.min(Math.max(1, filter.page), lastPage);
  const rows = await base
    .clone()
    .select(...COLUMNS)
    .orderBy('id', 'desc')
    .limit(filter.pageSize)
    .offset((page - 1) * filter.pageSize);
  return { rows: (rows as Row[]).map(toRow), total, page };
}

/**
 * Tours that use at least one of the supplier's photos, themselves or by one of their offers (the
 * photo list's tours filter), by the tour's name.
 */
export async function toursUsingPhotos(db: Knex, supplierId: number): Promise<PhotoUsageRef[]> {
  return db('photo_uses as u')
    .join('photos as p', 'p.id', 'u.photo_id')
    .leftJoin('photo_use_sources as s', (j) => j.on('s.ref_id', 'u.tour_id').andOnVal('s.kind', 'tour'))
    .where({ 'p.supplier_id': supplierId, 'p.is_deleted': false })
    .whereNotNull('u.tour_id')
    .whereRaw(sameSupplier)
    .groupBy('u.tour_id')
    // A use recorded by PhotoUsageRecorded has no source: its own name is the tour's.
    .select('u.tour_id as id', db.raw("coalesce(max(s.name), max(case when u.kind = 'tour' then u.name end), '') as name"))
    .orderByRaw('2, 1');
}

/** Which of these photo ids are the supplier's photos (deleted ones included: callers decide). */
export async function supplierPhotoIds(db: Knex, supplierId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows: { id: number }[] = await db('photos').select('id').where({ supplier_id: supplierId }).whereRaw('id = any(?::int[])', [ids as number[]]);
  return new Set(rows.map((r) => r.id));
}
