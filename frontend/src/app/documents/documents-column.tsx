import { notify } from '../notifications/notifications';
import type { DataTableColumn } from '../../ui/data-table';
import { BookingDocumentLinks } from './booking-document-links';

/** Spec 02 §8: a download that fails in a list shows the server's error title in a notice. */
const notifyDocumentFailed = (title: string, message: string) => notify({ title, message, kind: 'error' });

/** The documents column of a bookings list: each booking's invoice and vouchers (a cancelled one's vouchers are void); not exported. */
export function documentsColumn<T extends { id: number; status: number }>(header: string, testIdPrefix: string): DataTableColumn<T> {
  return {
    field: 'documents' as keyof T & string,
    header,
    width: 230,
    sortable: false,
    filter: { type: 'none' },
    exportValue: false,
    render: (r) => <BookingDocumentLinks bookingId={r.id} cancelled={r.status === 4} testIdPrefix={testIdPrefix} onError={notifyDocumentFailed} />,
  };
}
