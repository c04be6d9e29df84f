import '../../ui/list-page/list-page.css';
import './platform.css';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../app/forms/field';
import { useDocumentTitle } from '../../app/use-document-title';
import { Button } from '../../ui/common/button';
import { PageHeaderBar } from '../../ui/common/page-header';
import { TitledSection } from '../../ui/common/titled-section';
import { LogInAs } from './log-in-as';
import { ParkedEvents } from './parked-events';
import { shownRunner } from './platform.logic';
import { RUNNERS_KEY, useParked, useRunners } from './projections.api';
import { ProjectionsTable } from './projections-table';
import { useKeptFocus } from './use-kept-focus';

/**
 * /platform (superadmin): the projections every supplier shares, with their checkpoints, lag and parked events (retry
 * or skip them), and logging in as any user. The status is read again every 10 seconds and on Refresh.
 */
export function PlatformPage() {
  const { t } = useTranslation('platform');
  useDocumentTitle(t('title'));
  const client = useQueryClient();
  const runners = useRunners();
  const [chosen, setChosen] = useState<string | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const shown = shownRunner(runners.data ?? [], chosen);
  const parked = useParked(shown?.name ?? null);
  const withParked = (runners.data ?? []).filter((r) => r.parked.count > 0).length;

  const parkedRegion = useRef<HTMLDivElement>(null);
  const projectionsRegion = useRef<HTMLDivElement>(null);

  /** The status and the shown parked events, read again (both queries start with RUNNERS_KEY). */
  const reload = () => client.refetchQueries({ queryKey: RUNNERS_KEY, type: 'active' });
  /** After a retry or a skip the event's row may be gone: the focus goes to the parked events (or the projections). */
  const acted = useKeptFocus(() => parkedRegion.current ?? projectionsRegion.current);
  const changed = () => {
    acted();
    return reload();
  };
  const refresh = async () => {
    setRefreshing(true);
    try {
      await reload();
    } finally {
      setRefreshing(false);
    }
  };

  return (
    <div className="page platform-page" data-testid="platform-page">
      <PageHeaderBar
        className="list-page__header"
        title={t('title')}
        subtitle={t('subtitle')}
        titleTestId="page-title"
        actions={<Button icon="refresh" label={t('refresh')} busy={refreshing} onClick={() => void refresh()} data-testid="platform-refresh" />}
      />
      {runners.data && (
        <FormMessage kind={withParked ? 'warning' : 'success'} testId="projections-summary">
          {withParked ? t('projections.someParked', { count: withParked }) : t('projections.allApplied')}
        </FormMessage>
      )}
      <div className="platform__layout">
        {shown && <ParkedEvents key={shown.name} runner={shown} parked={parked} onChanged={changed} regionRef={parkedRegion} />}
        <TitledSection className="card platform__card" headingId="platform-projections-title" title={t('projections.title')} titleClassName="card__title" data-testid="projections">
          <p className="platform__hint">{t('projections.hint')}</p>
          {runners.isError && !runners.data ? (
            <FormMessage kind="error">{t('projections.loadFailed')}</FormMessage>
          ) : !runners.data ? (
            <p className="platform__muted" role="status" aria-busy="true">
              {t('projections.loading')}
            </p>
          ) : (
            <ProjectionsTable labelledBy="platform-projections-title" regionRef={projectionsRegion} runners={runners.data} shown={shown?.name ?? null} onShow={setChosen} />
          )}
        </TitledSection>
        <LogInAs />
      </div>
    </div>
  );
}
