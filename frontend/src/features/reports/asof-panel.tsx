import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dubaiDateTime } from '../../ui/format/day-format';
import { ApiError } from '../../lib/api-client';
import { requestAsOf, useAsOfBuild } from './reports.api';
import { DateFilter } from './date-filter';
import { Button } from '../../ui/common/button';

const DAY_MS = 86_400_000;
/** A moment as the fields show it: the Dubai date (ISO) and time HH:MM (UTC+4, no daylight saving). */
const dubaiParts = (ms: number) => {
  const iso = new Date(ms + 4 * 3600_000).toISOString();
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) };
};
const isTime = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/**
 * "As of": the reports as they stood at a past moment. Asking queues a replay of the reports' projection up to it
 * (a job); its progress shows here until the figures are ready, then the page reads them from that build.
 */
export function AsOfPanel({ buildId, onBuild }: { buildId: number | null; onBuild(id: number | null): void }) {
  const { t } = useTranslation('reports');
  const timeId = useId();
  const [at, setAt] = useState(() => dubaiParts(Date.now() - 7 * DAY_MS));
  const complete = !!at.date && isTime(at.time);
  const [error, setError] = useState<string | null>(null);
  const build = useAsOfBuild(buildId);
  const b = build.data;
  const ask = async () => {
    setError(null);
    try {
      onBuild((await requestAsOf(new Date(`${at.date}T${at.time}:00+04:00`).toISOString())).id);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  return (
    <section className="reports__asof" aria-label={t('asOf.title')} data-testid="asof-panel">
      <DateFilter label={t('asOf.moment')} iso={at.date} onIso={(date) => setAt((a) => ({ ...a, date }))} testId="asof-date" />
      <div className="reports__field">
        <label htmlFor={timeId}>{t('asOf.time')}</label>
        <input id={timeId} className="tbo-input reports__time" value={at.time} maxLength={5} placeholder={t('ui:time.placeholder')} inputMode="numeric" aria-invalid={!isTime(at.time) || undefined} onChange={(e) => setAt((a) => ({ ...a, time: e.target.value }))} data-testid="asof-time" />
      </div>
      <Button onClick={() => setAt(dubaiParts(Date.now() - 7 * DAY_MS))} data-testid="asof-last-week">
        {t('asOf.lastWeek')}
      </Button>
      <Button variant="primary" onClick={() => void ask()} disabled={!complete} data-testid="asof-run">
        {t('asOf.run')}
      </Button>
      {buildId !== null && (
        <Button onClick={() => onBuild(null)} data-testid="asof-live">
          {t('asOf.live')}
        </Button>
      )}
      {b && b.status !== 'done' && b.status !== 'failed' && (
        <div className="reports__progress" data-testid="asof-progress">
          <span>{t('asOf.building', { events: b.events })}</span>
          <progress max={100} value={Math.round(b.progress * 100)} aria-label={t('asOf.progress')} />
        </div>
      )}
      {b?.status === 'done' && (
        <p className="reports__asof-note" data-testid="asof-note">
          {t('asOf.showing', { at: dubaiDateTime(b.until), events: b.events })}
        </p>
      )}
      {(b?.status === 'failed' || error || build.isError) && (
        <p role="alert" className="reports__error">
          {error ?? t('asOf.failed')}
        </p>
      )}
    </section>
  );
}
