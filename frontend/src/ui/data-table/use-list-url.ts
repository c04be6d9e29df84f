import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TableFilter } from './types';
import { ownSearch, parseTableUrl, tableUrlSearch, urlParamNames, withOwnSearch, type TableUrlSpec, type TableUrlState } from './url-state';

export interface ListUrl<Q> {
  /** Changes when the address changed from outside (a menu link, back/forward): mount the table again with `key`. */
  generation: number;
  /** The state the table starts from (the address's when it mounted). */
  initial: Q;
  /** Puts the list's part of the address (no '?'); replaced, not pushed, and only while the page is still shown. */
  write: (own: string) => void;
}

/**
 * A list's state kept in its address parameters `names` (other parameters, like an open panel's `?id=`, are left as
 * they are): the table starts from them, and writes them back (replacing the entry) as they change, so a reload or
 * coming Back to the list shows the same rows. An address changed from outside starts the table again from it.
 * `parse` reads the whole query string; both are read when the hook mounts.
 */
export function useListUrl<Q>(names: readonly string[], parse: (search: string) => Q): ListUrl<Q> {
  const location = useLocation();
  const navigate = useNavigate();
  const [{ names: ownNames, parse: read }] = useState(() => ({ names, parse }));
  const own = ownSearch(location.search, ownNames);
  /** The list's part of the address this hook wrote last (or started from), and where. */
  const written = useRef({ own, pathname: location.pathname });
  const [start, setStart] = useState(() => ({ generation: 0, initial: read(location.search) }));

  useEffect(() => {
    if (own === written.current.own && location.pathname === written.current.pathname) return;
    written.current = { own, pathname: location.pathname };
    setStart((s) => ({ generation: s.generation + 1, initial: read(location.search) }));
    // Only the list's own parameters (and the page) count as an outside change.
  }, [own, location.pathname]);

  const locationRef = useRef(location);
  locationRef.current = location;
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  // Stable: tables call it from their data source, whose every new identity reloads them.
  const write = useCallback(
    (next: string) => {
      const here = locationRef.current;
      // A table still loading after the page was left must not write into the next page's address.
      if (here.pathname !== written.current.pathname || next === ownSearch(here.search, ownNames)) return;
      written.current = { own: next, pathname: here.pathname };
      void navigateRef.current({ pathname: here.pathname, search: withOwnSearch(here.search, ownNames, next), hash: here.hash }, { replace: true, preventScrollReset: true, state: here.state });
    },
    [ownNames],
  );

  return { generation: start.generation, initial: start.initial, write };
}

export interface TableUrl extends Omit<ListUrl<TableUrlState>, 'write'> {
  /** Call with the filter the table gives its data source (and the list's switches) each time it asks for rows. */
  record: (filter: TableFilter, toggles?: Record<string, boolean>) => void;
}

/** useListUrl for a data table described by a TableUrlSpec (read once, when the hook mounts). */
export function useTableUrl(spec: TableUrlSpec): TableUrl {
  const [fixed] = useState(spec);
  const names = useMemo(() => urlParamNames(fixed), [fixed]);
  const { generation, initial, write } = useListUrl(names, (search) => parseTableUrl(fixed, search));
  const record = useCallback((filter: TableFilter, toggles: Record<string, boolean> = {}) => write(tableUrlSearch(fixed, filter, toggles)), [fixed, write]);
  return { generation, initial, record };
}
