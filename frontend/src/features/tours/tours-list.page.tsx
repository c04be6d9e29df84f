import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { TourListQuery } from './api/tours-list.api';
import { LIST_PARAMS, parseListSearch, toListSearch } from './list/list-query';
import { ToursTable } from './list/tours-table';
import { ListPageFrame } from '../../ui/list-page';
import { useListUrl } from '../../ui/data-table';

/**
 * /tours (spec 01 §2 Tours list). The filters, 'show deleted', the page and the sort live in the query string
 * (replaced, not pushed, as they change), so a reload or coming back from a tour shows the same list. An address
 * changed from outside (a menu link, back/forward between different lists) starts the table again from it.
 */
export function ToursListPage() {
  const { t } = useTranslation('tours-list');
  const { generation, initial, write } = useListUrl(LIST_PARAMS, parseListSearch);
  const onQuery = useCallback((q: TourListQuery) => write(toListSearch(q).replace(/^\?/, '')), [write]);

  return (
    <ListPageFrame testId="tours-list" className="tours-list-page" title={t('title')} subtitle={t('subtitle')} add={{ to: '/tours/add', label: t('add'), testId: 'tours-add' }}>
      <ToursTable key={generation} initial={initial} onQuery={onQuery} />
    </ListPageFrame>
  );
}
