import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import type { TourListQuery } from './api/tours-list.api';
import { parseListSearch, toListSearch } from './list/list-query';
import { ToursTable } from './list/tours-table';
import { ListPageFrame } from '../../ui/list-page';

/**
 * /tours (spec 01 §2 Tours list). The filters, 'show deleted', the page and the sort live in the query string
 * (replaced, not pushed, as they change), so a reload or coming back from a tour shows the same list. An address
 * changed from outside (a menu link, back/forward between different lists) starts the table again from it.
 */
export function ToursListPage() {
  const { t } = useTranslation('tours-list');
  const location = useLocation();
  const navigate = useNavigate();
  /** The query string this page wrote last (or started from). */
  const written = useRef(location.search);
  /** The table takes its starting state only when it mounts: a new generation mounts a new one. */
  const [start, setStart] = useState(() => ({ generation: 0, initial: parseListSearch(location.search) }));

  useEffect(() => {
    if (location.search === written.current) return;
    written.current = location.search;
    setStart((s) => ({ generation: s.generation + 1, initial: parseListSearch(location.search) }));
  }, [location.search]);

  const locationRef = useRef(location);
  locationRef.current = location;
  const onQuery = useCallback(
    (q: TourListQuery) => {
      const search = toListSearch(q);
      const here = locationRef.current;
      if (here.pathname.replace(/\/+$/, '') !== '/tours' || search === here.search) return;
      written.current = search;
      void navigate({ pathname: here.pathname, search }, { replace: true, preventScrollReset: true });
    },
    [navigate],
  );

  return (
    <ListPageFrame testId="tours-list" className="tours-list-page" title={t('title')} subtitle={t('subtitle')} add={{ to: '/tours/add', label: t('add'), testId: 'tours-add' }}>
      <ToursTable key={start.generation} initial={start.initial} onQuery={onQuery} />
    </ListPageFrame>
  );
}
