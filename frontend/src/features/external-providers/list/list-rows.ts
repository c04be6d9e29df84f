import type { Paged } from '@tbo/kernel/src/http/paging.pure';
import { compareCells, localPage, LOCAL_PAGE_SIZE } from '../../../ui/data-table/local-page';
import type { TableFilter } from '../../../ui/data-table/types';
import type { ExternalProvider } from '../api/external-provider.schema';

/** By name ascending, as the API lists them. */
export const DEFAULT_SORT = { field: 'name', type: 'ASC' } as const;

/** A row of the table: the provider, and the keys of its edit and delete columns. */
export type ProviderRow = ExternalProvider & { edit: number; remove: number };

const byName = (a: ExternalProvider, b: ExternalProvider) => compareCells(a.name, b.name) || a.id - b.id;

/** By the base URL or the 'API key stored' flag when asked, ties by name ascending; otherwise by name. */
const order = (a: ExternalProvider, b: ExternalProvider, field: string | undefined, dir: number) =>
  field === 'baseUrl' || field === 'hasApiKey' ? compareCells(a[field], b[field]) * dir || byName(a, b) : byName(a, b) * dir;

/**
 * One page of the list (it arrives whole: a supplier has a handful of providers) as the data table asks for it:
 * the name and base URL filters keep the rows that contain their text (any case), the 'API key stored' filter
 * ('true' / 'false') the rows that match.
 */
export function listPage(rows: readonly ExternalProvider[], filter: TableFilter, perPage = LOCAL_PAGE_SIZE): Paged<ProviderRow> {
  const page = localPage(rows, filter, { perPage, order });
  return { ...page, entities: page.entities.map((r) => ({ ...r, edit: r.id, remove: r.id })) };
}
