import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import type { RowKey } from './context';
import { toggleAll, toggleOne } from './table-state';

/**
 * The checked rows, kept across pages of one filter: a new filter (not a new page) starts a new selection.
 * `rowsRef` holds the rows of the current page, which select-all toggles.
 */
export function useRowSelection<T>(
  getRowId: (row: T) => RowKey,
  rowsRef: RefObject<T[]>,
  filterWithoutPage: string,
  onSelectionChange?: (rows: T[]) => void,
) {
  const [selected, setSelected] = useState<Map<RowKey, T>>(() => new Map());

  const lastFilter = useRef(filterWithoutPage);
  useEffect(() => {
    if (lastFilter.current === filterWithoutPage) return;
    lastFilter.current = filterWithoutPage;
    setSelected(new Map());
  }, [filterWithoutPage]);
  const selectionCb = useRef(onSelectionChange);
  selectionCb.current = onSelectionChange;
  useEffect(() => {
    selectionCb.current?.([...selected.values()]);
  }, [selected]);

  const toggleRow = useCallback(
    (row: T) =>
      setSelected((cur) => {
        const key = getRowId(row);
        const keys = toggleOne(new Set(cur.keys()), key);
        const next = new Map<RowKey, T>();
        for (const [k, v] of cur) if (keys.has(k)) next.set(k, v);
        if (keys.has(key)) next.set(key, row);
        return next;
      }),
    [getRowId],
  );
  const toggleAllRows = useCallback(
    () =>
      setSelected((cur) => {
        const rows = rowsRef.current;
        const keys = toggleAll(new Set(cur.keys()), rows.map(getRowId));
        const next = new Map<RowKey, T>();
        for (const r of rows) if (keys.has(getRowId(r))) next.set(getRowId(r), r);
        return next;
      }),
    [getRowId, rowsRef],
  );
  const selectedKeys = useMemo(() => new Set(selected.keys()), [selected]);
  return { selected, selectedKeys, toggleRow, toggleAllRows };
}
