import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { dubaiToday } from '@tbo/scheduling/src/departures/business-date.pure';
import { useDocumentTitle } from '../../app/use-document-title';
import { downloadBookingDocument } from '../../app/documents/download-booking-document';
import { ApiError } from '../../lib/api-client';
import { useAuthUser } from '../../lib/auth-session';
import { hasAnyRole } from '../../lib/roles';
import { PageHeaderBar } from '../../ui/common/page-header';
import { businessDate as formatBusinessDate, dubaiDateTime as formatDubaiDateTime, timeRange as formatTimeRange, usdAmount as usd } from '../../ui/format/day-format';
import { manifestQuery, useManifest, type ManifestLine } from './manifests.api';
import { useUnknownSlot } from './use-unknown-slot';
import { slotLabel } from './manifest-layout.logic';
import { ManifestScroll } from './manifest-scroll';
import { StaffSection } from './manifest-staff';
import './manifests.css';
import { ColumnHeads } from '../../ui/common/column-heads';
import { Button } from '../../ui/common/button';
import { IsoDateInput } from '../../ui/fields';
import { hotelShown } from '../../app/bookings/hotel-shown';

const isDate = (v: string | null): v is string => !!v && /^\d{4}-\d{2}-\d{2}$/.test(v);

/** The manifest's columns, in order: each pick-up group's table gives each the same width (manifests.css). */
const COLUMNS = ['reference', 'guest', 'room', 'phones', 'ad', 'ch', 'inf', 'foc', 'tour', 'slot', 'voucher', 'toCollect', 'notes', 'status', 'checkIn'] as const;

/**
 * /manifests: the day's bookings grouped by pick-up, region and hotel, with totals, a printable PDF and an xlsx.
 * Operations and admins see every slot and assign drivers and guides; drivers and guides see their slot-dates only.
 */
export function ManifestsPage() {
  const { t, i18n } = useTranslation('manifests');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const date = isDate(params.get('date')) ? params.get('date')! : dubaiToday(new Date());
  const slotId = Number(params.get('slotId')) || null;
  const roles = useAuthUser()?.roles ?? [];
  const operator = hasAnyRole(roles, ['operations', 'admin']);
  const manifest = useManifest(date, slotId);
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  const set = (key: string, value: string | null) =>
    setParams((p) => {
      const next = new URLSearchParams(p);
      if (value) next.set(key, value);
      else next.delete(key);
      if (key === 'date') next.delete('slotId');
      return next;
    });
  const download = async (kind: 'pdf' | 'xlsx') => {
    setError(null);
    try {
      await downloadBookingDocument(`/api/manifests/${kind}?${manifestQuery(date, slotId)}&lang=${i18n.language === 'ru' ? 'ru' : 'en'}`, `manifest-${date}.${kind}`);
    } catch (e) {
      setError(e instanceof ApiError ? e.message : String(e));
    }
  };
  const notFound = useUnknownSlot(slotId, manifest.error, setParams, setError);
  const m = manifest.data;

  return (
    <div className="page manifests-page" data-testid="manifests-page">
      <PageHeaderBar className="list-page__header" title={t('title')} subtitle={t('subtitle')} titleTestId="page-title" />
      <div className="manifests__filters">
        <label htmlFor={`${id}-date`}>
          {t('date')}
          <IsoDateInput id={`${id}-date`} iso={date} onIso={(iso) => iso && set('date', iso)} data-testid="manifest-date" />
        </label>
        <label>
          {t('slot')}
          <select className="tbo-select" value={slotId ?? ''} onChange={(e) => set('slotId', e.target.value || null)} data-testid="manifest-slot">
            <option value="">{t('allSlots')}</option>
            {m?.slots.map((s) => (
              <option key={s.id} value={s.id}>
                {slotLabel(s.name, s.startTime)}
              </option>
            ))}
          </select>
        </label>
        <Button variant="primary" onClick={() => void download('pdf')} data-testid="manifest-pdf">
          {t('print')}
        </Button>
        <Button onClick={() => void download('xlsx')} data-testid="manifest-xlsx">
          {t('excel')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="manifests__error" data-testid="manifest-error">
          {error}
        </p>
      )}
      {manifest.isError && !notFound && (
        <div className="manifests__load-failed">
          <p role="alert" data-testid="manifest-load-error">
            {t('loadFailed')}
          </p>
          <Button busy={manifest.isFetching} onClick={() => void manifest.refetch()} data-testid="manifest-retry">
            {t('retry')}
          </Button>
        </div>
      )}
      {m && (
        <>
          <p className="manifests__day" data-testid="manifest-day-total">
            {t('dayTotal', { date: formatBusinessDate(m.date), count: m.totals.bookings, ad: m.totals.ad, ch: m.totals.ch, inf: m.totals.inf, foc: m.totals.foc, collect: usd(m.totals.toCollect), checkedIn: m.totals.checkedIn })}
          </p>
          {!m.groups.length && <p data-testid="manifest-empty">{t(operator ? 'empty' : 'emptyAssigned')}</p>}
          {m.groups.map((g, gi) => (
            <section key={`${g.pickUpStart}-${g.regionName}-${g.hotelName}`} className="manifests__group" aria-label={g.hotelName}>
              <h2 id={`${id}-group-${gi}`}>
                {g.pickUpStart === null ? t('noPickUp') : t('pickUp', { time: formatTimeRange(g.pickUpStart, g.pickUpEnd) })} · {g.regionName || '—'} · {hotelShown(g, t('shell:noHotel')) || '—'}
              </h2>
              <ManifestScroll labelledBy={`${id}-group-${gi}`}>
                <table className="manifests__table">
                  <colgroup>
                    {COLUMNS.map((c) => (
                      <col key={c} className={`manifests__col-${c}`} />
                    ))}
                  </colgroup>
                  <ColumnHeads labels={COLUMNS.map((c) => t(`columns.${c}`))} />
                  <tbody>
                    {g.lines.map((l) => (
                      <ManifestRow key={l.reference} line={l} />
                    ))}
                  </tbody>
                  <tfoot>
                    <tr>
                      <th scope="row" colSpan={4}>
                        {t('groupTotal', { count: g.totals.bookings })}
                      </th>
                      <td>{g.totals.ad}</td>
                      <td>{g.totals.ch}</td>
                      <td>{g.totals.inf}</td>
                      <td>{g.totals.foc}</td>
                      <td colSpan={3} />
                      <td className="num">{usd(g.totals.toCollect)}</td>
                      <td colSpan={2} />
                      <td>{t('checkedInCount', { count: g.totals.checkedIn })}</td>
                    </tr>
                  </tfoot>
                </table>
              </ManifestScroll>
            </section>
          ))}
          {operator && <StaffSection date={date} />}
        </>
      )}
    </div>
  );
}

/**
 * One booking of the manifest. At the top level, not inside the page: a component defined in the page is a new
 * type on every render, so React would throw away and rebuild every row (and their focus) each time.
 */
function ManifestRow({ line: l }: { line: ManifestLine }) {
  const { t } = useTranslation('manifests');
  return (
    <tr data-testid="manifest-row">
      <td>
        {/* In the app's router: a plain href would load the whole app again. */}
        <Link to={`/checkin/${encodeURIComponent(l.reference)}`}>{l.reference}</Link>
      </td>
      <td>{l.guestName}</td>
      <td>{l.room}</td>
      <td>{l.phones}</td>
      <td>{l.ad}</td>
      <td>{l.ch}</td>
      <td>{l.inf}</td>
      <td>{l.foc}</td>
      <td>
        {l.tourName}
        <br />
        <small>{l.offerName}</small>
      </td>
      <td>{slotLabel(l.slotName, l.startTime, l.endTime)}</td>
      <td className="manifests__voucher">{l.voucher}</td>
      <td className="num">{usd(l.toCollect)}</td>
      <td>{l.notes}</td>
      <td>{t(`statuses.${l.status}`, { defaultValue: l.statusText })}</td>
      <td data-testid="manifest-checkin">{l.checkIn ? t(l.checkIn.kind === 'redeemed' ? 'checkedInAt' : 'noShowAt', { at: formatDubaiDateTime(l.checkIn.at), name: l.checkIn.byName }) : ''}</td>
    </tr>
  );
}
