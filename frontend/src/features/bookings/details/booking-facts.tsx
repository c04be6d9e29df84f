import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookingView } from './api/booking-view.schema';
import { agencyReceivableAed, paidBeyondPrice } from '@tbo/booking/src/pure/booking-money.pure';
import { BOOKING_STATUS } from '@tbo/booking/src/pure/booking-status.pure';
import { formatBusinessDate, formatDubaiDateTime, formatTimeRange, usdAed } from './booking-format.logic';
import { CancellationFacts, PolicyTable } from './policy-table';
import { isSystemAuthor } from '../../../ui/history/history-model';
import { hotelShown } from '../../../app/bookings/hotel-shown';
import { isDeclined } from '../../../app/bookings/declined';
import { netAndCommissionKeys, owedBackOnCancel } from '../../../app/bookings/booking-money-rows';
import { isResellerAuthor } from '@tbo/kernel/src/pure/authors.pure';

type Fact = [label: string, value: ReactNode, testId: string];

/** Who booked it: a person by name; the system, or a reseller's OCTO calls, in the interface's words. */
function bookedByText(by: BookingView['bookedBy'], t: (key: string) => string): string {
  if (!by) return '';
  if (by.id === null || isSystemAuthor(String(by.id))) return t('history.system');
  return isResellerAuthor(String(by.id)) ? t('history.resellerApi') : (by.name ?? '');
}

function Facts({ facts }: { facts: Fact[] }) {
  const { t } = useTranslation('booking-details');
  return (
    <dl className="booking-panel__facts">
      {facts.map(([label, value, testId]) => (
        <div key={testId} className="booking-panel__fact">
          <dt>{label}</dt>
          <dd data-testid={`booking-${testId}`}>{value === '' || value === null ? t('empty') : value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ id, title, children, testId }: { id: string; title: string; children: ReactNode; testId: string }) {
  return (
    <section className="booking-panel__section" aria-labelledby={id} data-testid={testId}>
      <h3 className="booking-panel__section-title" id={id}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/** The booking as the operator reads it: names, DD.MM.YYYY dates, HH:MM times, amounts in USD and AED. */
export function BookingFacts({ view, idPrefix }: { view: BookingView; idPrefix: string }) {
  const { t } = useTranslation('booking-details');
  const hotel = hotelShown(view, t('shell:noHotel'));
  const slot = [view.timeSlotName ?? '', formatTimeRange(view.startTime, view.endTime)].filter(Boolean).join(' · ');
  // Paid money is held by someone; money to collect is collected by someone on the day.
  const holder = (to: string) => t(`holder.${to}`, { defaultValue: to });
  const collector = (by: string) => t(`collector.${by}`, { defaultValue: by });
  const trip: Fact[] = [
    [t('fields.tour'), view.tourName, 'tour'],
    [t('fields.offer'), view.offerName, 'offer'],
    [t('fields.date'), formatBusinessDate(view.date), 'date'],
    [t('fields.timeSlot'), slot, 'slot'],
    [t('fields.pickUp'), [hotel, view.regionName ?? ''].filter(Boolean).join(', '), 'pickup'],
    [t('fields.pickUpTime'), formatTimeRange(view.pickUpTimeStart, view.pickUpTimeEnd), 'pickup-time'],
  ];
  const guest: Fact[] = [
    [t('fields.guestName'), view.guestName, 'guest-name'],
    ...(view.checkIn ? [[t('fields.checkIn'), t(view.checkIn.kind === 'redeemed' ? 'checkin:redeemedAt' : 'checkin:noShowAt', { at: formatDubaiDateTime(view.checkIn.at), name: view.checkIn.byName }), 'check-in'] as Fact] : []),
    [t('fields.roomNumber'), view.roomNumber ?? '', 'room'],
    [t('fields.phones'), view.phones.join(', '), 'phones'],
    [t('fields.people'), t('people', { adults: view.adults, children: view.children, infants: view.infants, foc: view.foc }), 'people'],
    [t('fields.voucher'), view.voucher ?? '', 'voucher'],
    [t('fields.notes'), view.notes ?? '', 'notes'],
  ];
  // A cancelled booking owes no net and pays no commission, and nothing is collected on the day (as its invoice and
  // the agent's page say), and a declined one says it was declined; a price lowered below what was paid leaves the
  // guest something to get back (shown beside the refund once cancelled). A direct sale's commission is its staff's.
  const cancelled = view.status === BOOKING_STATUS.cancelled;
  const declined = isDeclined(view);
  const none = t(declined ? 'noneDeclined' : 'noneCancelled');
  const beyond = paidBeyondPrice(view);
  const keys = netAndCommissionKeys(view, { net: 'fields.net', commission: 'fields.agencyCommission' });
  const money: Fact[] = [
    [t('fields.total'), usdAed(view.totals.totalUsd, view.totals.totalAed), 'total'],
    [t(keys.net), cancelled ? none : usdAed(view.totals.netUsd, view.totals.netAed), 'net'],
    [t(keys.commission), cancelled ? none : usdAed(view.totals.agencyReceivable, agencyReceivableAed(view.totals)), 'commission'],
    [t('fields.paid'), t('heldBy', { amount: usdAed(view.paid, view.paidOrig), holder: holder(view.paidTo) }), 'paid'],
    [t('fields.collect'), cancelled ? none : t('heldBy', { amount: usdAed(view.collect, view.collectOrig), holder: collector(view.collectTo) }), 'collect'],
    ...(!cancelled && beyond ? [[t('fields.paidBeyondPrice'), usdAed(beyond.usd, beyond.aed), 'paid-beyond'] as Fact] : []),
  ];
  const sale: Fact[] = [
    [t('fields.agency'), view.agencyId === null ? t('staffSale') : (view.agencyName ?? ''), 'agency'],
    [t('fields.agent'), view.agentName ?? '', 'agent'],
    [t('fields.bookedAt'), formatDubaiDateTime(view.bookedAt), 'booked-at'],
    // The seed and other system users are nobody's name: said as the history says them.
    [t('fields.bookedBy'), bookedByText(view.bookedBy, t), 'booked-by'],
    [t('fields.channel'), t(`history.words.${view.channel}`, { defaultValue: view.channel }), 'channel'],
  ];
  if (view.responseDueAt) sale.push([t('fields.responseDueAt'), formatDubaiDateTime(view.responseDueAt), 'response-due']);
  return (
    <div className="booking-panel__sections">
      {/* Its documents (the list's column) can be downloaded already: the voucher says it is not confirmed yet. */}
      {view.status === BOOKING_STATUS.pending && (
        <p className="booking-panel__note" data-testid="booking-voucher-pending">
          {t('pendingVoucher')}
        </p>
      )}
      {view.cancellation && (
        <Section id={`${idPrefix}-cancellation`} title={t('sections.cancellation')} testId="booking-section-cancellation">
          <CancellationFacts cancellation={view.cancellation} beyondPrice={owedBackOnCancel(view)?.beyondPrice ?? null} />
        </Section>
      )}
      {declined && (
        <Section id={`${idPrefix}-declined`} title={t('sections.declined')} testId="booking-section-declined">
          <Facts facts={[[t('cancellation.reason'), view.declineReason, 'decline-reason']]} />
        </Section>
      )}
      <Section id={`${idPrefix}-trip`} title={t('sections.trip')} testId="booking-section-trip">
        <Facts facts={trip} />
      </Section>
      <Section id={`${idPrefix}-guest`} title={t('sections.guest')} testId="booking-section-guest">
        <Facts facts={guest} />
      </Section>
      <Section id={`${idPrefix}-money`} title={t('sections.money')} testId="booking-section-money">
        <Facts facts={money} />
      </Section>
      <Section id={`${idPrefix}-policy`} title={t('sections.policy')} testId="booking-section-policy">
        <PolicyTable tiers={view.cancellationPolicy} />
      </Section>
      <Section id={`${idPrefix}-sale`} title={t('sections.sale')} testId="booking-section-sale">
        <Facts facts={sale} />
      </Section>
    </div>
  );
}

