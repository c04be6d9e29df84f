import type { Paged } from '@tbo/kernel/src/http/paging.pure';
import { localPage, LOCAL_PAGE_SIZE } from '../../../ui/data-table/local-page';
import type { TableFilter } from '../../../ui/data-table/types';
import type { PickUpTimeListRow } from '../api/pickup-time.schema';

/** Spec 02 §9: by name ascending. */
export const DEFAULT_SORT = { field: 'name', type: 'ASC' } as const;

/** A row of the table: the list's row, and the key of its delete column. */
export type PickUpTimeRow = PickUpTimeListRow & { remove: number };

const byName = (a: PickUpTimeListRow, b: PickUpTimeListRow) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base', numeric: true }) || a.id - b.id;

/** Always by name (any case), unless by the 'Is Fixed Time' flag, whose ties stay by name ascending. */
const order = (a: PickUpTimeListRow, b: PickUpTimeListRow, field: string | undefined, dir: number) =>
  field === 'isFixedTime' ? (Number(a.isFixedTime) - Number(b.isFixedTime)) * dir || byName(a, b) : byName(a, b) * dir;

/**
 * One page of the list (it arrives whole: a supplier has a handful of pick-up times) as the data table asks for it:
 * the name filter keeps the names that contain its text, the 'Is Fixed Time' filter ('true' / 'false') the rows that match.
 */
export function listPage(rows: readonly PickUpTimeListRow[], filter: TableFilter, perPage = LOCAL_PAGE_SIZE): Paged<PickUpTimeRow> {
  const page = localPage(rows, filter, { perPage, order });
  return { ...page, entities: page.entities.map((r) => ({ ...r, remove: r.id })) };
}
