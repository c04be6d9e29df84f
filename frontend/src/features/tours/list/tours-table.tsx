import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Button } from '../../../ui/common/button';
import { cx } from '../../../ui/common/cx';
import { Icon } from '../../../ui/common/icons';
import { DataTable, deletedRowClass, useFileDownload, editLinkColumn, onGridKeyDownCapture, type DataTableColumn, type DataTableHandle, type FilterOption, type TableDataSource } from '../../../ui/data-table';
import { Toggle } from '../../../ui/fields';
import { languageDisplayName } from '../../../lib/display-names';
import { downloadToursExcel, fetchTourList, useLanguages, useOfferOptions, useTourOptions, type TourListQuery } from '../api/tours-list.api';
import type { TourListRow } from '../../../app/catalog/tour.types';
import { DEFAULT_SORT, FILTER_KEYS, fromTableFilter, toInitialFilters } from './list-query';
import './tours-list.css';

export const TOURS_FILE_NAME = 'tours.xlsx';

export interface ToursTableProps {
  /** The state to start from (the address bar's). */
  initial: TourListQuery;
  /** Called with the state every time the table asks for rows. */
  onQuery: (q: TourListQuery) => void;
}

export const tourEditPath = (id: number) => `/tours/${id}`;
export const offerEditPath = (tourId: number, offerId: number) => `/tours/${tourId}/${offerId}`;

/** The tours table (spec 01 §2 Tours list): server-side filters, sort and paging; 'show deleted'; Excel export. */
export function ToursTable({ initial, onQuery }: ToursTableProps) {
  const { t, i18n } = useTranslation('tours-list');
  const tableRef = useRef<DataTableHandle>(null);
  const [showDeleted, setShowDeleted] = useState(initial.showDeleted);

  const tours = useTourOptions();
  const offers = useOfferOptions();
  const languages = useLanguages();

  const tourOptions = useMemo<FilterOption<number>[]>(() => (tours.data ?? []).map((o) => ({ value: o.id, label: o.name })), [tours.data]);
  // Languages by their name in the interface language (the data's names are English).
  const languageOptions = useMemo<FilterOption<number>[]>(
    () =>
      (languages.data ?? [])
        .map((l) => ({ value: l.id, label: languageDisplayName(l.code, l.name, i18n.language) }))
        .sort((a, b) => a.label.localeCompare(b.label, i18n.language, { sensitivity: 'base' })),
    [languages.data, i18n.language],
  );
  const offerOptions = useMemo<FilterOption<number>[]>(() => {
    const tourName = new Map((tours.data ?? []).map((o) => [o.id, o.name]));
    return (offers.data ?? []).map((o) => {
      const tour = tourName.get(o.tourId);
      return { value: o.id, label: tour ? `${o.name} · ${tour}` : o.name };
    });
  }, [offers.data, tours.data]);
  const topOptions = useMemo<FilterOption<string>[]>(
    () => [
      { value: 'true', label: t('top.yes') },
      { value: 'false', label: t('top.no') },
    ],
    [t],
  );

  // ----- Rows -----
  const onQueryRef = useRef(onQuery);
  onQueryRef.current = onQuery;
  const lastQuery = useRef<TourListQuery>(initial);

  // A new function (only when 'show deleted' changes) makes the table reload from page 1.
  const dataSource = useCallback<TableDataSource<TourListRow>>(
    (filter, signal) => {
      const q = fromTableFilter(filter, showDeleted);
      lastQuery.current = q;
      onQueryRef.current(q);
      return fetchTourList(q, signal);
    },
    [showDeleted],
  );

  const { exporting, runExport } = useFileDownload(() => downloadToursExcel(lastQuery.current), TOURS_FILE_NAME);

  // ----- Columns -----
  const columns = useMemo<DataTableColumn<TourListRow>[]>(
    () => [
      {
        field: 'nameInternal',
        header: t('columns.tour'),
        width: 300,
        minWidth: 220,
        flex: 2,
        sortField: 'nameInternal',
        filterField: FILTER_KEYS.tours,
        filter: { type: 'multi-select-number', options: tourOptions },
        render: (row) => (
          <div className="tours-list__name" data-testid="tours-row" data-tour-id={row.id}>
            <Link to={tourEditPath(row.id)} className="tours-list__internal" data-testid="tours-row-internal" title={row.nameInternal} tabIndex={-1}>
              {row.nameInternal}
            </Link>
            <span className="tours-list__display" title={row.nameDisplay}>
              <span data-testid="tours-row-display">{row.nameDisplay}</span>
              <span className="tours-list__id" data-testid="tours-row-id">
                #{row.id}
              </span>
              {row.isDeleted && <span className="tours-list__deleted-badge">{t('deleted')}</span>}
            </span>
          </div>
        ),
      },
      {
        field: 'languageName',
        header: t('columns.language'),
        width: 170,
        sortField: 'languageName',
        filterField: FILTER_KEYS.languages,
        filter: { type: 'multi-select-number', options: languageOptions },
        render: (row) => (
          <span className="tbo-td__text" data-testid="tours-row-language">
            {languageOptions.find((o) => o.value === row.languageId)?.label ?? row.languageName}
          </span>
        ),
      },
      {
        field: 'offers',
        header: t('columns.offers'),
        width: 300,
        minWidth: 200,
        flex: 2,
        sortable: false,
        filterField: FILTER_KEYS.offers,
        filter: { type: 'multi-select-number', options: offerOptions },
        render: (row) => {
          const list = (row.offers ?? []).filter((o) => showDeleted || !o.isDeleted);
          if (!list.length) return <span className="tours-list__none">{t('noOffers')}</span>;
          return (
            <span className="tours-list__offers" data-testid="tours-row-offers">
              {list.map((o) => (
                <Link
                  key={o.id}
                  to={offerEditPath(row.id, o.id)}
                  tabIndex={-1}
                  className={cx('tours-list__offer', o.isDeleted && 'tours-list__offer--deleted')}
                  title={o.isDeleted ? t('offerDeleted', { name: o.nameDisplay || o.nameInternal }) : o.nameDisplay || o.nameInternal}
                  aria-label={t(o.isDeleted ? 'openDeletedOffer' : 'openOffer', { name: o.nameInternal })}
                  data-testid="tours-row-offer"
                  data-deleted={o.isDeleted || undefined}
                >
                  {o.nameInternal}
                </Link>
              ))}
            </span>
          );
        },
      },
      {
        field: 'isTopTour',
        header: t('columns.top'),
        width: 120,
        align: 'center',
        sortField: 'isTopTour',
        filterField: FILTER_KEYS.top,
        filter: { type: 'select', options: topOptions },
        render: (row) => (
          <span className={cx('tours-list__star', row.isTopTour && 'tours-list__star--on')} data-testid="tours-row-top" data-top={row.isTopTour}>
            <Icon name="star" size={17} fill={row.isTopTour ? 'currentColor' : 'none'} />
            <span className="tbo-sr-only">{row.isTopTour ? t('top.on') : t('top.off')}</span>
          </span>
        ),
      },
      editLinkColumn({ header: t('columns.edit'), to: (row) => tourEditPath(row.id), label: (row) => t('editTour', { name: row.nameInternal }), testId: 'tours-row-edit', minWidth: 60 }),
    ],
    [t, tourOptions, languageOptions, offerOptions, topOptions, showDeleted],
  );

  const initialFilters = useMemo(() => toInitialFilters(initial), [initial]);
  const initialSort = useMemo(() => ({ field: initial.sortField ?? DEFAULT_SORT.field, type: initial.sortType ?? DEFAULT_SORT.type }), [initial]);

  return (
    <div className="tours-list" onKeyDownCapture={onGridKeyDownCapture}>
      <DataTable<TourListRow>
        testId="tours-table"
        tableRef={tableRef}
        title={t('tableTitle')}
        columns={columns}
        dataSource={dataSource}
        initialSort={initialSort}
        initialFilters={initialFilters}
        initialPage={initial.page}
        rowClass={deletedRowClass}
        emptyMessage={showDeleted ? t('emptyAll') : t('empty')}
        heightOffset={96}
        toolbarExtra={
          <>
            <Toggle size="sm" checked={showDeleted} onChange={setShowDeleted} label={t('showDeleted')} />
            <Button size="sm" variant="ghost" icon="excel" label={t('export')} busy={exporting} onClick={() => void runExport()} data-action="export-tours" data-testid="tours-export" />
          </>
        }
      />
    </div>
  );
}
