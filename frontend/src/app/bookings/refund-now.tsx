import { useTranslation } from 'react-i18next';
import { refundFor, type CancellationTier } from '@tbo/booking/src/pure/cancellation-refund.pure';
import { formatUsdAed } from '../../ui/format/number';
import './refund-now.css';

interface RefundNowProps {
  policy: readonly CancellationTier[];
  /** The tour's start (ISO), as the booking states it. */
  startsAt: string;
  totals: { totalUsd: number; totalAed: number };
  now?: Date;
  testId?: string;
}

/**
 * What cancelling now would give back, worked out by the server's own rule (refundFor) from the policy the booking
 * was made with, so the person cancelling sees the amount before choosing. The cancellation itself is decided and
 * priced on the server at the moment it arrives: a tier boundary crossed meanwhile is the server's to apply.
 */
export function RefundNow({ policy, startsAt, totals, now = new Date(), testId = 'booking-refund-now' }: RefundNowProps) {
  const { t } = useTranslation('booking-refund');
  const r = refundFor(policy, new Date(startsAt), now, totals);
  const percents = 100 - r.penaltyPercent;
  const text =
    r.hoursBeforeStart < 0
      ? t('afterStart')
      : percents > 0
        ? t('refund', { hours: r.hoursBeforeStart, percents, amount: formatUsdAed(r.refundUsd, r.refundAed) })
        : t('none', { hours: r.hoursBeforeStart });
  return (
    <p className="booking-refund-now" role="status" data-testid={testId} data-percents={percents}>
      {text}
    </p>
  );
}
