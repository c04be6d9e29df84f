import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../app/forms/field';
import { notify } from '../../app/notifications/notifications';
import { ConfirmDialog } from '../../ui/common/confirm-dialog';
import { TitledSection } from '../../ui/common/titled-section';
import { ParkedEventsTable } from './parked-events-table';
import { firstLine } from './platform.logic';
import { retryParked, skipParked, type ParkedEvent, type ParkedOutcome, type Runner, type useParked } from './projections.api';

type Busy = { eventId: string; action: 'retry' | 'skip' };

/**
 * The parked events of one projection (or process manager), with Retry and Skip on the failed event of each stream.
 * Skip drops an event for good, so it asks first. A refusal (409: it still fails; 404: no longer parked) is shown
 * by the shared call as the server words it; either way the lists are read again.
 */
export function ParkedEvents(props: { runner: Runner; parked: ReturnType<typeof useParked>; onChanged: () => Promise<unknown>; regionRef: Ref<HTMLDivElement> }) {
  const { runner, parked, onChanged, regionRef } = props;
  const { t } = useTranslation('platform');
  const [busy, setBusy] = useState<Busy | null>(null);
  const [confirming, setConfirming] = useState<ParkedEvent | null>(null);

  const said = (done: ParkedOutcome, skipped: boolean) => {
    const values = { stream: done.streamId, applied: done.applied, remaining: done.remaining };
    if (skipped) notify({ title: t('notices.skipped'), message: t('parked.skipped', values), kind: 'success' });
    else if (done.failing) notify({ title: t('notices.partly'), message: t('parked.partly', { ...values, error: firstLine(done.failing.error) }), kind: 'warning' });
    else notify({ title: t('notices.retried'), message: t('parked.retried', values), kind: 'success' });
  };
  const act = async (e: ParkedEvent, action: Busy['action']) => {
    setConfirming(null);
    setBusy({ eventId: e.eventId, action });
    try {
      said(await (action === 'retry' ? retryParked : skipParked)(runner.name, e.eventId), action === 'skip');
    } catch {
      // The shared call has shown why (the server's message).
    } finally {
      await onChanged();
      setBusy(null);
    }
  };

  const headingId = `parked-${runner.name}-title`;
  return (
    <TitledSection className="card platform__card platform__wide" headingId={headingId} title={t('parked.title', { name: runner.name })} titleClassName="card__title" data-testid="parked-events">
      <p className="platform__hint">{runner.kind === 'projection' ? t('parked.hint') : t('parked.workerOnly')}</p>
      {parked.isError ? (
        <FormMessage kind="error">{t('parked.loadFailed')}</FormMessage>
      ) : !parked.data ? (
        <p className="platform__muted" role="status" aria-busy="true">
          {t('parked.loading')}
        </p>
      ) : parked.data.length === 0 ? (
        <p className="platform__muted" data-testid="parked-empty">
          {t('parked.empty')}
        </p>
      ) : (
        <ParkedEventsTable labelledBy={headingId} regionRef={regionRef} kind={runner.kind} events={parked.data} busy={busy} onRetry={(e) => void act(e, 'retry')} onSkip={setConfirming} />
      )}
      {confirming && (
        <ConfirmDialog
          title={t('parked.confirmSkip.title')}
          message={t('parked.confirmSkip.message', { type: confirming.eventType, position: confirming.position, stream: confirming.streamId, name: runner.name })}
          confirmLabel={t('parked.confirmSkip.yes')}
          cancelLabel={t('parked.confirmSkip.no')}
          danger
          onConfirm={() => void act(confirming, 'skip')}
          onCancel={() => setConfirming(null)}
          testId="skip-dialog"
          confirmTestId="skip-yes"
          cancelTestId="skip-no"
        />
      )}
    </TitledSection>
  );
}
