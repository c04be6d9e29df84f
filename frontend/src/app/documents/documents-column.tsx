import { useTranslation } from 'react-i18next';
import { notify } from '../notifications/notifications';
import type { DataTableColumn } from '../../ui/data-table';
import { BookingDocumentLinks } from './booking-document-links';

/** Spec 02 §8: a download that fails in a list shows the server's error title in a notice. */
const notifyDocumentFailed = (title: string, message: string) => notify({ title, message, kind: 'error' });

/** A declined booking was never confirmed: it has no invoice or vouchers (the server would answer 409). */
function NoDocumentsDeclined() {
  const { t } = useTranslation('booking-documents');
  return <span className="muted">{t('noneDeclined')}</span>;
}

/**
 * The documents column of a bookings list: each booking's invoice and vouchers (a cancelled one's vouchers are
 * void, a declined one has none); not exported.
 */
export function documentsColumn<T extends { id: number; status: number; declined: boolean }>(header: string, testIdPrefix: string): DataTableColumn<T> {
  return {
    field: 'documents' as keyof T & string,
    header,
    width: 230,
    sortable: false,
    filter: { type: 'none' },
    exportValue: false,
    render: (r) => (r.declined ? <NoDocumentsDeclined /> : <BookingDocumentLinks bookingId={r.id} cancelled={r.status === 4} testIdPrefix={testIdPrefix} onError={notifyDocumentFailed} />),
  };
}
