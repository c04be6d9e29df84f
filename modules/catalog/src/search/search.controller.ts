import { Inject, Query } from '@nestjs/common';
import type { Knex } from 'knex';
import { z } from 'zod';
import { ApiController, CurrentUser, GetRoute, KNEX, supplierScope, storableText, zodPipe, type AuthUser } from '@tbo/kernel';
import { searchCatalog } from '@tbo/read-models';
import { CATALOG_SEARCH_MAX_LENGTH, type CatalogSearchResult } from './pure/catalog-search.pure';

const searchQuery = z
  .object({
    q: z
      .string({ message: 'q must be text' })
      .max(CATALOG_SEARCH_MAX_LENGTH, `q must be at most ${CATALOG_SEARCH_MAX_LENGTH} characters`)
      .superRefine(storableText('q'))
      .optional()
      .default('')
      .transform((v) => v.trim()),
  })
  .strict();

/** GET /api/search?q=: the header search's tours and tickets, within the caller's supplier. */
@ApiController('search', 'api/search')
export class SearchController {
  constructor(@Inject(KNEX) private readonly db: Knex) {}

  @GetRoute('', ['admin', 'editor'], "The supplier's tours and offers (not deleted) whose internal or display name contains q, at most 10 of each; an empty q finds nothing")
  async search(@Query(zodPipe(searchQuery)) query: { q: string }, @CurrentUser() user: AuthUser): Promise<CatalogSearchResult> {
    const supplierId = supplierScope(user);
    if (!query.q) return { tours: [], offers: [] };
    return searchCatalog(this.db, supplierId, query.q);
  }
}
