import type { Knex } from 'knex';
import { CATALOG_SEARCH_LIMIT, type CatalogSearchOffer, type CatalogSearchResult, type CatalogSearchTour } from '@tbo/catalog/src/search/pure/catalog-search.pure';

/** `%`, `_` and `\` are LIKE's own characters: typed text matches them literally. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A name equal to the text first, then names starting with it, then the rest; alphabetical within each. */
function rankSql(column: string): string {
  return `case when lower(${column}) = lower(?) then 0 when lower(${column}) like lower(?) then 1 else 2 end`;
}

/**
 * The supplier's tours and offers (not deleted) whose internal or display name contains `text`, case-insensitive,
 * at most CATALOG_SEARCH_LIMIT of each. Reads the tours and offers read tables.
 */
export async function searchCatalog(db: Knex, supplierId: number, text: string): Promise<CatalogSearchResult> {
  const pattern = likePattern(text);
  const prefix = `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const tours: CatalogSearchTour[] = await db('tours as t')
    .select('t.id', 't.name_internal as nameInternal', 't.name_display as nameDisplay')
    .where({ 't.supplier_id': supplierId, 't.is_deleted': false })
    .andWhere((q) => q.whereILike('t.name_internal', pattern).orWhereILike('t.name_display', pattern))
    .orderByRaw(`least(${rankSql('t.name_internal')}, ${rankSql('t.name_display')}), lower(t.name_internal), t.id`, [text, prefix, text, prefix])
    .limit(CATALOG_SEARCH_LIMIT);
  const offers: CatalogSearchOffer[] = await db('offers as o')
    .join('tours as t', 't.id', 'o.tour_id')
    .select('o.id', 'o.tour_id as tourId', 'o.name_internal as nameInternal', 'o.name_display as nameDisplay', 't.name_internal as tourNameInternal')
    .where({ 'o.supplier_id': supplierId, 'o.is_deleted': false, 't.is_deleted': false })
    .andWhere((q) => q.whereILike('o.name_internal', pattern).orWhereILike('o.name_display', pattern))
    .orderByRaw(`least(${rankSql('o.name_internal')}, ${rankSql('o.name_display')}), lower(o.name_internal), o.id`, [text, prefix, text, prefix])
    .limit(CATALOG_SEARCH_LIMIT);
  return { tours, offers };
}
