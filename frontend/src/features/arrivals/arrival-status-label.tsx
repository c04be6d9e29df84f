import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { arrivalDisplayStatus } from '@tbo/arrivals/src/pure/arrival-status.pure';
import { dubaiToday } from '@tbo/scheduling/src/departures/business-date.pure';
import type { ArrivalRow } from './api/arrivals.api';

/** The arrival's display status (spec 02 §4) from the function the server uses too; bookings link to the group's bookings. */
export function ArrivalStatusLabel({ row }: { row: ArrivalRow }) {
  const { t } = useTranslation('arrivals');
  const s = arrivalDisplayStatus({ isDeleted: row.isDeleted, numberOfBookings: row.numberOfBookings, groupStatus: row.groupStatus, communicationStatus: row.communicationStatus, departureDate: row.departureDate, today: dubaiToday() });
  if (s.bookings !== null && row.groupId !== null) {
    return (
      <Link to={`/agent/bookings/g-${row.groupId}`} data-testid="arrivals-row-status" data-status={s.status} className="arrivals-status arrivals-status--bookings">
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
