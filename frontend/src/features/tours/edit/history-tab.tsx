import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { photoIdsOfHistory, usePhotoTitles } from '../../../app/catalog/photo-titles';
import { useCityOptions, useLanguageNames, useTourCategoryOptions } from '../../../app/reference/reference-options';
import { Button } from '../../../ui/common/button';
import { HistoryTable, historyRows, useHistoryWords } from '../../../ui/history';
import { fetchTourHistory, tourHistoryKey } from '../api/get-tour-history';
import { tourHistoryFormat } from './tour-history-format';

/** The tour's changes, newest first (ui/history): field labels as the form shows them, ids as names. */
export function HistoryTab({ tourId }: { tourId: number }) {
  const { t, i18n } = useTranslation('tour-edit');
  const words = useHistoryWords();
  const languages = useLanguageNames();
  const cities = useCityOptions();
  const categories = useTourCategoryOptions();
  const history = useQuery({ queryKey: tourHistoryKey(tourId), queryFn: ({ signal }) => fetchTourHistory(tourId, signal), enabled: tourId > 0, staleTime: 0 });
  const photos = usePhotoTitles(photoIdsOfHistory(history.data));
  const rows = useMemo(() => {
    const format = tourHistoryFormat(words, { languages: languages.data, cities: cities.data, categories: categories.data, photos: photos.data, label: (key) => t(key) });
    return historyRows(history.data ?? [], { format, isCreated: (e) => e === 'TourCreated' });
  }, [history.data, words, languages.data, cities.data, categories.data, photos.data, t]);
  if (tourId === 0) return <p className="tour-muted">{t('history.notSaved')}</p>;
  if (history.isPending) return <p className="tour-muted" role="status">{t('history.loading')}</p>;
  if (history.isError) return <Button label={t('retry')} onClick={() => void history.refetch()} />;
  const fieldLabel = (f: string) => (i18n.exists(`tour-edit:fields.${f}`) ? t(`fields.${f}`) : f);
  const eventLabel = (e: string) => (i18n.exists(`tour-edit:events.${e}`) ? t(`events.${e}`) : e);
  return (
    <div className="tour-history" data-testid="tour-history">
      <div className="tour-subsection__head">
        <span className="tour-muted">{t('history.count', { count: rows.length })}</span>
        <Button size="sm" icon="refresh" label={t('history.refresh')} onClick={() => void history.refetch()} data-testid="history-refresh" />
      </div>
      <HistoryTable rows={rows} fieldLabel={fieldLabel} eventLabel={eventLabel} />
    </div>
  );
}
