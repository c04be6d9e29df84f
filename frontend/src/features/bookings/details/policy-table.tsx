import { useTranslation } from 'react-i18next';
import type { BookingCancellation, PolicyTier } from './api/booking-view.schema';
import { usdAed } from './booking-format.logic';
import { ColumnHeads } from '../../../ui/common/column-heads';
import type { UsdAed } from '../../../app/bookings/booking-money-rows';

/** The cancellation tiers in force when the booking was made: hours before the start and the refund percent. */
export function PolicyTable({ tiers }: { tiers: readonly PolicyTier[] }) {
  const { t } = useTranslation('booking-details');
  if (tiers.length === 0) return <p className="booking-panel__note" data-testid="booking-policy-none">{t('policy.none')}</p>;
  const sorted = [...tiers].sort((a, b) => b.hours - a.hours);
  return (
    <table className="booking-panel__policy" data-testid="booking-policy">
      <ColumnHeads labels={[t('policy.hours'), t('policy.percents')]} />
      <tbody>
        {sorted.map((tier) => (
          <tr key={`${tier.hours}-${tier.percents}`}>
            <td>{tier.hours}</td>
            <td>{tier.percents}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * A cancelled booking's reason, when it was cancelled, the penalty kept and the refund of the total; beside it what
 * the guest paid beyond a price lowered since (owedBackOnCancel), still theirs after the cancel.
 */
export function CancellationFacts({ cancellation: c, beyondPrice }: { cancellation: BookingCancellation; beyondPrice: UsdAed | null }) {
  const { t } = useTranslation('booking-details');
  const facts: [string, string, string][] = [
    [t('cancellation.reason'), c.reason || t('empty'), 'reason'],
    [t('cancellation.hoursBeforeStart'), c.hoursBeforeStart >= 0 ? t('cancellation.hoursValue', { count: c.hoursBeforeStart }) : t('cancellation.hoursAfter'), 'hours'],
    [t('cancellation.penalty'), t('cancellation.penaltyValue', { percent: c.penaltyPercent, amount: usdAed(c.penaltyUsd, c.penaltyAed) }), 'penalty'],
    [t('cancellation.refund'), usdAed(c.refundUsd, c.refundAed), 'refund'],
    ...(beyondPrice ? [[t('fields.paidBeyondPrice'), usdAed(beyondPrice.usd, beyondPrice.aed), 'paid-beyond'] as [string, string, string]] : []),
  ];
  return (
    <dl className="booking-panel__facts">
      {facts.map(([label, value, testId]) => (
        <div key={testId} className="booking-panel__fact">
          <dt>{label}</dt>
          <dd data-testid={`booking-cancellation-${testId}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
