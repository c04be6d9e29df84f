import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { arrivalDisplayStatus } from '@tbo/arrivals/src/pure/arrival-status.pure';
import { dubaiToday } from '@tbo/scheduling/src/departures/business-date.pure';
import { useMayOpen } from '../../app/guards/use-may-open';
import type { ArrivalRow } from './api/arrivals.api';

/**
 * The arrival's display status (spec 02 §4) from the function the server uses too; bookings link to the group's
 * bookings for those who may open that page (an arrivals manager reads the count only).
 */
export function ArrivalStatusLabel({ row }: { row: ArrivalRow }) {
  const { t } = useTranslation('arrivals');
  const mayOpen = useMayOpen();
  const s = arrivalDisplayStatus({ isDeleted: row.isDeleted, numberOfBookings: row.numberOfBookings, groupStatus: row.groupStatus, communicationStatus: row.communicationStatus, departureDate: row.departureDate, today: dubaiToday() });
  const groupPage = row.groupId !== null ? `/agent/bookings/g-${row.groupId}` : null;
  if (s.bookings !== null && groupPage && !mayOpen(groupPage)) {
    return (
      <span data-testid="arrivals-row-status" data-status={s.status} className="arrivals-status arrivals-status--bookings">
        {t('status.bookings', { count: s.bookings })}
      </span>
    );
  }
  if (s.bookings !== null && groupPage) {
    return (
      <Link to={groupPage} data-testid="arrivals-row-status" data-status={s.status} className="arrivals-status arrivals-status--bookings">
        {t('status.bookings', { count: s.bookings })}
      </Link>
    );
  }
  const key = s.label === 'Comm. Initiated' ? 'commInitiated' : s.label === 'Comm. Resp.' ? 'commResponded' : `s${s.status}`;
  return (
    <span data-testid="arrivals-row-status" data-status={s.status} className={`arrivals-status arrivals-status--${s.status}`}>
      {t(`status.${key}`, { defaultValue: s.label })}
    </span>
  );
}
