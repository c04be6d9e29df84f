import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notifications/notifications';
import { ApiError } from '../../lib/api-client';
import type { RowKey } from './context';
import type { TableAction } from './table-state';
import type { Paged, PagingInfo, TableDataSource, TableFilter } from './types';

export interface TableData<T> {
  rows: T[];
  paging: PagingInfo | null;
  loading: boolean;
  error: string | null;
}

/**
 * The rows of the current page: loads them whenever the filter (given as its JSON key) or the data source
 * changes, and again on refresh. Only the newest request may set the rows.
 */
export function useTableData<T>(dataSource: TableDataSource<T>, filterKey: string, dispatch: Dispatch<TableAction>) {
  const { t } = useTranslation('ui');
  const [data, setData] = useState<TableData<T>>({ rows: [], paging: null, loading: true, error: null });
  const [reloadToken, setReloadToken] = useState(0);

  // A new data source is a new query: back to page 1.
  const firstSource = useRef(dataSource);
  useEffect(() => {
    if (firstSource.current === dataSource) return;
    firstSource.current = dataSource;
    dispatch({ type: 'page', page: 1 });
    setReloadToken((n) => n + 1);
  }, [dataSource, dispatch]);

  const tRef = useRef(t);
  tRef.current = t;
  const requestSeq = useRef(0);
  useEffect(() => {
    const seq = ++requestSeq.current;
    const controller = new AbortController();
    const current = JSON.parse(filterKey) as TableFilter;
    setData((d) => ({ ...d, loading: true, error: null }));
    Promise.resolve()
      .then(() => dataSource(current, controller.signal))
      .then((res: Paged<T>) => {
        if (seq !== requestSeq.current) return;
        setData({ rows: res.entities, paging: res.pagingInfo, loading: false, error: null });
        // The server may clamp the page (fewer pages than asked for): follow it.
        if (res.pagingInfo.currentPage !== current.page && res.pagingInfo.totalItems > 0) dispatch({ type: 'page', page: res.pagingInfo.currentPage });
      })
      .catch((err: unknown) => {
        if (seq !== requestSeq.current || controller.signal.aborted) return;
        const message = err instanceof Error ? err.message : String(err);
        setData((d) => ({ ...d, loading: false, error: message }));
        if (!(err instanceof ApiError)) notify({ title: tRef.current('table.loadFailed'), message, kind: 'error' });
      });
    return () => controller.abort();
    // filterKey stands for the filter; reloadToken asks for the same page again.
  }, [filterKey, reloadToken, dataSource, dispatch]);

  const refresh = useCallback(() => setReloadToken((n) => n + 1), []);
  const replaceRow = useCallback(
    (getRowId: (row: T) => RowKey, key: RowKey, saved: T) => setData((d) => ({ ...d, rows: d.rows.map((r) => (getRowId(r) === key ? saved : r)) })),
    [],
  );
  return { data, refresh, replaceRow };
}
