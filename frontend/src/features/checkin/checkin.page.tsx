import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '../../app/use-document-title';
import { ApiError } from '../../lib/api-client';
import { businessDate as formatBusinessDate, dubaiDateTime as formatDubaiDateTime, timeRange as formatTimeRange } from '../../ui/format/day-format';
import { fetchCheckIn, recordCheckIn, type CheckInData } from './checkin.api';
import { checkInLoadFailure } from './checkin.logic';
import './checkin.css';
import { Button } from '../../ui/common/button';
import { hotelShown } from '../../app/bookings/hotel-shown';

/**
 * /checkin/{reference}: what the voucher's QR opens on a phone. The guest, counts, tour, date, slot and status,
 * and the buttons that record the guest as arrived (redeemed) or a no-show. A second redemption is refused by
 * the server; the page then shows when and by whom the guest was checked in.
 */
export function CheckInPage() {
  const { t } = useTranslation('checkin');
  const { reference = '' } = useParams();
  useDocumentTitle(t('title', { reference }));
  const client = useQueryClient();
  const key = ['checkin', reference];
  const booking = useQuery({ queryKey: key, queryFn: ({ signal }) => fetchCheckIn(reference, signal), retry: false });
  // Which action is running: its button shows it (and keeps the focus), the other waits.
  const [busy, setBusy] = useState<'redeem' | 'noshow' | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const act = async (kind: 'redeem' | 'noshow') => {
    setBusy(kind);
    setNotice(null);
    try {
      const done = await recordCheckIn(reference, kind);
      client.setQueryData(key, done);
      setNotice({ kind: 'ok', text: t(kind === 'redeem' ? 'redeemed' : 'markedNoShow') });
    } catch (e) {
      const fresh = await fetchCheckIn(reference).catch(() => null);
      if (fresh) client.setQueryData(key, fresh);
      const c = fresh?.checkIn;
      // The server's words are English; the page says the same in the reader's language from the booking itself.
      if (e instanceof ApiError && e.code === 409 && c) setNotice({ kind: 'error', text: t(c.kind === 'redeemed' ? 'alreadyRedeemed' : 'alreadyNoShow', { at: formatDubaiDateTime(c.at), name: c.byName }) });
      else setNotice({ kind: 'error', text: e instanceof ApiError ? e.message : String(e) });
    } finally {
      setBusy(null);
    }
  };

  const redeemed = booking.data?.checkIn?.kind === 'redeemed';

  if (booking.isPending) return <p className="checkin">{t('loading')}</p>;
  if (booking.isError) {
    const failure = checkInLoadFailure(booking.error);
    return (
      <div className="checkin">
        <h1>{reference}</h1>
        <p role="alert" className="checkin__notice checkin__notice--error" data-testid="checkin-error">
          {failure.kind === 'notFound' ? t('notFound') : failure.kind === 'notAssigned' ? t('notAssigned') : t('loadFailed')}
          {failure.kind === 'failed' && failure.detail && (
            <>
              <br />
              <small>{failure.detail}</small>
            </>
          )}
        </p>
        {/* A guide at the bus door with a patchy signal: another try, not a reload of the whole app. */}
        {failure.kind === 'failed' && (
          <Button variant="primary" className="checkin__retry" busy={booking.isFetching} onClick={() => void booking.refetch()} data-testid="checkin-retry">
            {t('retry')}
          </Button>
        )}
      </div>
    );
  }
  const b: CheckInData = booking.data;
  const c = b.checkIn;
  return (
    <div className="checkin" data-testid="checkin-page">
      <h1>
        {b.guestName} <span className="checkin__ref">{b.reference}</span>
      </h1>
      <dl className="checkin__facts">
        <dt>{t('guests')}</dt>
        <dd data-testid="checkin-counts">{t('counts', { ad: b.adults, ch: b.children, inf: b.infants, foc: b.foc })}</dd>
        <dt>{t('tour')}</dt>
        <dd>
          {b.tourName}
          <br />
          <small>{b.offerName}</small>
        </dd>
        <dt>{t('date')}</dt>
        <dd>{formatBusinessDate(b.date)}</dd>
        <dt>{t('slot')}</dt>
        <dd>{[b.slotName, formatTimeRange(b.startTime, b.endTime)].filter(Boolean).join(' ') || '—'}</dd>
        <dt>{t('hotel')}</dt>
        <dd>{[hotelShown(b, t('shell:noHotel')), b.roomNumber].filter(Boolean).join(', ') || '—'}</dd>
        <dt>{t('status')}</dt>
        <dd data-testid="checkin-status">{t(`statuses.${b.status}`, { defaultValue: b.statusText })}</dd>
      </dl>
      {c && (
        <p className={`checkin__state checkin__state--${c.kind}`} data-testid="checkin-state">
          {t(c.kind === 'redeemed' ? 'redeemedAt' : 'noShowAt', { at: formatDubaiDateTime(c.at), name: c.byName })}
        </p>
      )}
      {notice && (
        <p role={notice.kind === 'error' ? 'alert' : 'status'} className={`checkin__notice checkin__notice--${notice.kind}`} data-testid="checkin-notice">
          {notice.text}
        </p>
      )}
      {b.canCheckIn && b.opensOn ? (
        <p className="checkin__notice" data-testid="checkin-opens">{t('opensOn', { date: formatBusinessDate(b.opensOn) })}</p>
      ) : b.canCheckIn ? (
        <div className="checkin__actions">
          {/* Checked in, there is nothing left to press: off, yet still holding the focus it had (aria-disabled, not disabled). */}
          <Button variant="primary" className="checkin__redeem" busy={busy === 'redeem'} disabled={busy !== null} aria-disabled={redeemed || undefined} onClick={() => redeemed || void act('redeem')} data-testid="checkin-redeem">
            {t('redeem')}
          </Button>
          <Button className="checkin__noshow" busy={busy === 'noshow'} disabled={busy !== null || c?.kind === 'redeemed'} onClick={() => void act('noshow')} data-testid="checkin-noshow">
            {t('noShow')}
          </Button>
        </div>
      ) : (
        <p className="checkin__notice checkin__notice--error">{t('cannotCheckIn')}</p>
      )}
    </div>
  );
}
