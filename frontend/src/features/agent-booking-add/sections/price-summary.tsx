import { useTranslation } from 'react-i18next';
import { commissionsOf } from '@tbo/booking/src/pure/booking-money.pure';
import { Button } from '../../../ui/common/button';
import { formatAedAmount, formatMoney, formatNumber, formatUsdAmount } from '../../../ui/format/number';
import type { OfferPrice } from '../api/new-booking.schema';
import { totalsOf, type BookingForm, type ShownTotals } from '../booking-form.logic';
import { ColumnHeads } from '../../../ui/common/column-heads';
import { isStaffBooker } from '../../../app/bookings/staff-booker';
import { useAuthUser } from '../../../lib/auth-session';

interface PriceSummaryProps {
  price: OfferPrice | null;
  counts: Pick<BookingForm, 'adults' | 'children'>;
  loading: boolean;
  /** The price call failed (not: the tour has no price for the date). */
  failed: boolean;
  retrying: boolean;
  onRetry: () => void;
  childrenAllowed: boolean;
}

/**
 * The price of the chosen ticket on the date (spec 02 §3 Offer price for new booking): the unit prices, then the
 * totals for the counts in USD and AED, gross, net and the agency's commission (the staff's, for a staff agent),
 * computed by bookingTotals().
 */
export function PriceSummary({ price, counts, loading, failed, retrying, onRetry, childrenAllowed }: PriceSummaryProps) {
  const { t } = useTranslation('agent-booking-add');
  // The supplier's own staff make a direct sale: the commission is theirs, as the booking's page then says.
  const staff = isStaffBooker(useAuthUser());
  if (loading) return <p className="booking-add__note">{t('price.loading')}</p>;
  // A failed call is not 'no price': saying so would send the agent away from a tour that has one.
  if (failed)
    return (
      <p className="booking-add__note booking-add__note--warn" role="alert" data-testid="booking-price-failed">
        {t('price.failed')} <Button size="sm" label={t('retry')} onClick={onRetry} busy={retrying} data-testid="booking-price-retry" />
      </p>
    );
  if (!price)
    return (
      <p className="booking-add__note booking-add__note--warn" data-testid="booking-no-price">
        {t('price.none')}
      </p>
    );
  const p = price.prices;
  // A ticket sold per trip (a private car) has no price per person: its 0.00 rows would only puzzle.
  const perTrip = p.tripRecUsd > 0 || p.tripRecAed > 0;
  const priced = (usd: number, aed: number) => !perTrip || usd > 0 || aed > 0;
  const units = [
    { key: 'adult', usd: p.adultRecUsd, aed: p.adultRecAed, netUsd: p.adultNetUsd, netAed: p.adultNetAed, show: priced(p.adultRecUsd, p.adultRecAed) },
    { key: 'child', usd: p.childRecUsd, aed: p.childRecAed, netUsd: p.childNetUsd, netAed: p.childNetAed, show: childrenAllowed && priced(p.childRecUsd, p.childRecAed) },
    { key: 'trip', usd: p.tripRecUsd, aed: p.tripRecAed, netUsd: p.tripNetUsd, netAed: p.tripNetAed, show: perTrip },
  ].filter((u) => u.show);
  const totals: ShownTotals = totalsOf(p, counts);
  const rows: { key: string; usd: number; aed: number; testId: string }[] = [
    { key: 'gross', usd: totals.totalUsd, aed: totals.totalAed, testId: 'booking-total-gross' },
    { key: staff ? 'netDirect' : 'netTotal', usd: totals.netUsd, aed: totals.netAed, testId: 'booking-total-net' },
    { key: staff ? 'staffCommission' : 'commission', usd: totals.agencyReceivable, aed: totals.agencyReceivableAed, testId: 'booking-total-commission' },
  ];
  // The commission actually earned per kind shown (an empty one means net = publish: 0 %), once when they agree.
  const earned = commissionsOf(p);
  const rates = units.filter((u) => u.usd > 0 || u.aed > 0).map((u) => ({ key: u.key, percent: earned[u.key as keyof typeof earned] }));
  const commissionText = rates.every((r) => r.percent === rates[0]?.percent)
    ? t('price.commissionRate', { percent: rates[0]?.percent ?? p.commission })
    : rates.map((r) => `${t(`price.${r.key}`)}: ${t('price.commissionRate', { percent: r.percent })}`).join(' · ');
  return (
    <div className="booking-price" data-testid="booking-price">
      <table className="booking-price__table">
        <caption className="booking-price__caption">{t('price.title')}</caption>
        <ColumnHeads labels={[t('price.kind'), t('price.recommended'), t('price.net')]} />
        <tbody>
          {units.map((u) => (
            <tr key={u.key} data-testid={`booking-unit-${u.key}`}>
              <th scope="row">{t(`price.${u.key}`)}</th>
              <td>
                <UsdAed usd={u.usd} aed={u.aed} />
              </td>
              <td>
                <UsdAed usd={u.netUsd} aed={u.netAed} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="booking-price__table booking-price__table--totals">
        <caption className="booking-price__caption">{t('price.totals')}</caption>
        <ColumnHeads labels={[t('price.amount'), 'USD', 'AED']} />
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} data-testid={r.testId} className={r.key === 'gross' ? 'booking-price__gross' : undefined}>
              <th scope="row">{t(`price.${r.key}`)}</th>
              {/* The column heads name the currency: the cells are the amounts alone. */}
              <td>{formatMoney(r.usd)}</td>
              <td>{formatMoney(r.aed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="booking-price__meta">
        <span data-testid="booking-commission-rate">{commissionText}</span> · {t('price.rate', { rate: formatNumber(p.convRate, 4) })}
      </p>
    </div>
  );
}

/**
 * 'USD 80.00 · AED 292.00' as formatUsdAed writes it, each amount kept whole with its currency: on a phone the two
 * stand one above the other (the net cell broke into four lines, 'USD / 208,00 / · AED / 759,20').
 */
function UsdAed({ usd, aed }: { usd: number; aed: number }) {
  return (
    <>
      <span className="booking-price__amount">{formatUsdAmount(usd)}</span>
      <span className="booking-price__between"> · </span>
      <span className="booking-price__amount">{formatAedAmount(aed)}</span>
    </>
  );
}
