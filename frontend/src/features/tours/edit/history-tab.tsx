import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import { fetchTourHistory, tourHistoryKey, useCityOptions, useTourCategoryOptions, useTourLanguageOptions, type Option } from '../api/tour.api';
import { formatHistoryValue, historyNewestFirst, visibleChanges } from './tour-form';

const at = (iso: string) => {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${p(d.getDate())}.${p(d.getMonth() + 1)}.${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** The tour's changes, newest first: when, who (the user id as the API gives it), which event, and each field before → after. */
export function HistoryTab({ tourId }: { tourId: number }) {
  const { t, i18n } = useTranslation('tour-edit');
  const languages = useTourLanguageOptions();
  const cities = useCityOptions();
  const categories = useTourCategoryOptions();
  const history = useQuery({ queryKey: tourHistoryKey(tourId), queryFn: ({ signal }) => fetchTourHistory(tourId, signal), enabled: tourId > 0, staleTime: 0 });
  if (tourId === 0) return <p className="tour-muted">{t('history.notSaved')}</p>;
  if (history.isPending) return <p className="tour-muted" role="status">{t('history.loading')}</p>;
  if (history.isError) return <Button label={t('retry')} onClick={() => void history.refetch()} />;
  const entries = historyNewestFirst(history.data ?? []);
  const fieldLabel = (f: string) => (i18n.exists(`tour-edit:fields.${f}`) ? t(`fields.${f}`) : f);
  const eventLabel = (e: string) => (i18n.exists(`tour-edit:events.${e}`) ? t(`events.${e}`) : e);
  // Reference ids read as names where the lists know them; anything else as the API gives it.
  const named = (list: Option[] | undefined, id: unknown) => (typeof id === 'number' ? (list?.find((o) => o.value === id)?.label ?? String(id)) : id);
  const format = (field: string, v: unknown): string => {
    if (field === 'languageId') return formatHistoryValue(v === 0 ? null : named(languages.data, v));
    if (field === 'cityId') return formatHistoryValue(named(cities.data, v));
    if (field === 'toursCategories' && Array.isArray(v)) return formatHistoryValue(v.map((c) => named(categories.data, c)).join(', '));
    if (field === 'recommendedFor' && Array.isArray(v)) return formatHistoryValue(v.map((r) => t(`recommendedFor.${String(r)}`)).join(', '));
    if (Array.isArray(v) && v.length === 0) return '';
    return formatHistoryValue(v);
  };
  const value = (field: string, v: unknown) => {
    const text = format(field, v);
    return text === '' ? <span className="tour-muted">{t('history.empty')}</span> : text;
  };
  return (
    <div className="tour-history" data-testid="tour-history">
      <div className="tour-subsection__head">
        <span className="tour-muted">{t('history.count', { count: entries.length })}</span>
        <Button size="sm" icon="refresh" label={t('history.refresh')} onClick={() => void history.refetch()} data-testid="history-refresh" />
      </div>
      {entries.length === 0 && <p className="tour-muted">{t('history.none')}</p>}
      <ol className="tour-history__list">
        {entries.map((e) => (
          <li key={e.position} className="tour-history__entry" data-testid="history-entry">
            <div className="tour-history__meta">
              <span className="tour-history__event" data-testid="history-event">
                {eventLabel(e.event)}
              </span>
              <span>{at(e.at)}</span>
              <span data-testid="history-by">{e.by ?? t('history.system')}</span>
            </div>
            {visibleChanges(e.changes, format).length > 0 && (
              <table className="tour-history__changes">
                <thead>
                  <tr>
                    <th scope="col">{t('history.field')}</th>
                    <th scope="col">{t('history.before')}</th>
                    <th scope="col" aria-hidden="true" />
                    <th scope="col">{t('history.after')}</th>
                  </tr>
                </thead>
                <tbody>
                  {visibleChanges(e.changes, format).map((c) => (
                    <tr key={c.field} data-testid="history-change" data-field={c.field}>
                      <th scope="row">{fieldLabel(c.field)}</th>
                      <td data-testid="history-before">{value(c.field, c.before)}</td>
                      <td aria-hidden="true">→</td>
                      <td data-testid="history-after">{value(c.field, c.after)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}
