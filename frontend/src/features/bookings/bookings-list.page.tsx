import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/use-document-title';
import { PageHeaderBar } from '../../ui/common/page-header';
import type { DataTableHandle } from '../../ui/data-table';
import { BookingPanel } from './details/booking-panel';
import { OperatorBookingsTable } from './list/operator-bookings-table';

/**
 * /bookings (spec 02 §2 Operator bookings): the supplier's bookings for operations and accounts. A row opens the
 * booking's panel; the open booking is kept in the address (?id=), so the header search can open one.
 */
export function BookingsListPage() {
  const { t } = useTranslation('bookings-list');
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const tableRef = useRef<DataTableHandle>(null);
  const openId = Number(params.get('id'));
  const open = Number.isInteger(openId) && openId > 0 ? openId : null;

  const setOpen = useCallback(
    (id: number | null) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (id) next.set('id', String(id));
          else next.delete('id');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  return (
    <div className="page bookings-list-page" data-testid="bookings-list">
      <PageHeaderBar className="list-page__header" title={t('title')} subtitle={t('subtitle')} titleTestId="page-title" />
      <OperatorBookingsTable onOpen={setOpen} tableRef={tableRef} />
      {open !== null && <BookingPanel key={open} bookingId={open} onClose={() => setOpen(null)} onChanged={() => tableRef.current?.refresh()} />}
    </div>
  );
}
