import type { PagingInfo } from '../../../ui/data-table/types';
import type { Photo } from '../api/photo.schema';

/** What this visit changed on top of the list answer. */
export interface LocalChanges {
  /** Uploaded on this visit, newest first: kept at the top of the unfiltered first page (spec 01 §4). */
  onTop: readonly Photo[];
  edited: ReadonlyMap<number, Photo>;
  removed: ReadonlySet<number>;
}

/**
 * The rows the grid shows. The list is read from a projection that may lag a moment behind a command, so a refetch
 * right after an upload, save or delete can still show the old state: uploads are laid on top (on the unfiltered
 * first page), edits over their rows, and deleted photos are left out.
 */
export function shownRows(entities: readonly Photo[], changes: LocalChanges, withTop: boolean): Photo[] {
  let rows: readonly Photo[] = entities;
  if (withTop && changes.onTop.length > 0) {
    const fresh = new Map(rows.map((p) => [p.id, p]));
    const top = changes.onTop.map((p) => fresh.get(p.id) ?? p);
    const topIds = new Set(top.map((p) => p.id));
    rows = [...top, ...rows.filter((p) => !topIds.has(p.id))];
  }
  return rows
    .filter((p) => !changes.removed.has(p.id))
    .map((p) => {
      const e = changes.edited.get(p.id);
      return e && (e.title !== p.title || e.description !== p.description) ? { ...p, title: e.title, description: e.description } : p;
    });
}

/**
 * The pager's counter for what is shown: the answer's paging, moved by the rows the grid adds (uploads the answer
 * does not hold yet) or leaves out (deleted ones it still holds), so "1–3 of 3" never sits over two tiles.
 */
export function shownPaging(paging: PagingInfo | null, shown: number): PagingInfo | null {
  if (!paging) return null;
  // Counted from the paging itself: a cached page patched with an upload holds more rows than its paging says.
  const answered = paging.from > 0 ? paging.to - paging.from + 1 : 0;
  const extra = shown - answered;
  if (extra === 0) return paging;
  const totalItems = Math.max(0, paging.totalItems + extra);
  const from = shown === 0 ? 0 : paging.from > 0 ? paging.from : (paging.currentPage - 1) * paging.itemsPerPage + 1;
  return { ...paging, totalItems, from, to: shown === 0 ? 0 : from + shown - 1 };
}

/**
 * The page the library should be on, given the page asked for, the answer's paging (not a placeholder kept from
 * another page) and how many photos the grid shows from it: the server answers the last page for one past it (its
 * last photo was deleted), so the library follows its currentPage, as useTableData does; and a later page this
 * visit's deletes emptied (the answer may still hold them while the projection catches up) goes one page back.
 * `asked` when nothing needs to move.
 */
export function pageToShow(asked: number, paging: PagingInfo | null, shown: number): number {
  if (!paging) return asked;
  if (paging.currentPage !== asked) return paging.currentPage;
  if (shown === 0 && asked > 1) return asked - 1;
  return asked;
}
