import type { TableData } from './use-table-data';

/** What the table shows about its load, besides the rows themselves. */
export interface GridOverlayState {
  /** The loading bar; 'first' adds the spinner while there are no rows to look at yet. */
  loading: 'none' | 'bar' | 'first';
  /** The 'nothing here' note: loaded, and no rows. */
  empty: boolean;
  /**
   * The latest load failed. 'blocking': no rows, so the message and Retry stand in the grid. 'stale': rows of an
   * earlier load are still on screen (a refresh or a filter change failed), so a bar says they are not the answer
   * to the current filters and offers Retry; without it they would pass for the new answer.
   */
  error: 'none' | 'blocking' | 'stale';
}

export function gridOverlayState(data: Pick<TableData<unknown>, 'rows' | 'loading' | 'error'>): GridOverlayState {
  const hasRows = data.rows.length > 0;
  const failed = !data.loading && data.error !== null;
  return {
    loading: !data.loading ? 'none' : hasRows ? 'bar' : 'first',
    empty: !data.loading && data.error === null && !hasRows,
    error: !failed ? 'none' : hasRows ? 'stale' : 'blocking',
  };
}
