import type { Knex } from 'knex';

export interface LanguageView {
  id: number;
  name: string;
  code: string;
  isOffers: boolean;
  isDeleted: boolean;
  imgUrl: string | null;
}

export interface LanguagesSync {
  languages: LanguageView[];
  /** Pass back as `date` next time: full microseconds, so nothing is sent twice or missed. */
  date: string | null;
}

interface Row {
  id: number;
  name: string;
  code: string;
  is_offers: boolean;
  is_deleted: boolean;
  img_url: string | null;
}

const ISO_MICROS = `to_char(max(updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/**
 * Languages changed since `since` (all when null), deleted ones included so clients drop them.
 * With offersOnly, a language that is no longer offered is answered as deleted: for a
 * client that caches offer languages it is gone.
 */
export async function syncLanguages(db: Knex, since: string | null, offersOnly: boolean): Promise<LanguagesSync> {
  return db.transaction(
    async (trx) => {
      const q = trx<Row>('languages').select('id', 'name', 'code', 'is_offers', 'is_deleted', 'img_url').orderBy('name');
      if (since) q.where('updated_at', '>', since);
      const rows = await q;
      const max = await trx('languages').select(trx.raw(`${ISO_MICROS} AS date`)).first<{ date: string | null }>();
      return {
        languages: rows.map((r) => ({
          id: r.id,
          name: r.name,
          code: r.code,
          isOffers: r.is_offers,
          isDeleted: r.is_deleted || (offersOnly && !r.is_offers),
          imgUrl: r.img_url,
        })),
        date: max?.date ?? since,
      };
    },
    // Rows and the new date from one snapshot.
    { isolationLevel: 'repeatable read', readOnly: true },
  );
}

export async function findLanguageByCode(db: Knex, code: string): Promise<{ id: number } | undefined> {
  return db('languages').select('id').whereRaw('lower(code) = lower(?)', [code]).first();
}

/** One language by id, deleted ones too (callers decide). */
export async function findLanguage(db: Knex, id: number): Promise<{ id: number; isDeleted: boolean } | undefined> {
  return db('languages').select('id', 'is_deleted as isDeleted').where({ id }).first();
}
