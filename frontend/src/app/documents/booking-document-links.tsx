import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, saveBlob } from '../../lib/api-client';
import { Button } from '../../ui/common/button';
import { invoicePath, VOUCHER_LINKS, voucherPath, type DocumentLang } from './document-paths';
import { downloadBookingDocument } from './download-booking-document';
import { downloadTickets } from './download-booking-tickets';

type Which = 'invoice' | 'tickets' | DocumentLang;

export interface BookingDocumentLinksProps {
  bookingId: number;
  /** A cancelled booking keeps its invoice; its vouchers are void. */
  cancelled?: boolean;
  /** data-testid prefix of the links: `<prefix>-invoice`, `<prefix>-voucher-eng`, `<prefix>-voucher-rus`. */
  testIdPrefix: string;
  /** The server's refusal (its ErrorTitle and ErrorMessage) or a network failure. */
  onError(title: string, message: string): void;
  /** Called before each download (e.g. to clear an earlier error). */
  onStart?(): void;
  /** Where there is room (a booking's page): 'Voucher ENG' rather than the list cell's bare 'ENG'. */
  named?: boolean;
  /** The booking's tickets can be downloaded (canDownloadTickets): a Tickets button after the vouchers. */
  tickets?: boolean;
}

/**
 * The invoice and the two vouchers of a booking, each a button that downloads the PDF. A document the worker
 * has not made yet is made while the server waits, which can take a few seconds: the button spins meanwhile.
 */
export function BookingDocumentLinks({ bookingId, cancelled, testIdPrefix, onError, onStart, named, tickets }: BookingDocumentLinksProps) {
  const { t } = useTranslation('booking-documents');
  const [busy, setBusy] = useState<ReadonlySet<Which>>(new Set());
  const run = (which: Which, path: string, fileName: string) => runDownload(which, () => downloadBookingDocument(path, fileName));
  const runDownload = async (which: Which, download: () => Promise<void>) => {
    if (busy.has(which)) return;
    onStart?.();
    setBusy((b) => new Set(b).add(which));
    try {
      await download();
    } catch (err) {
      const e = err instanceof ApiError ? err : null;
      onError(e?.title || t('failed'), e?.message || String(err));
    } finally {
      setBusy((b) => {
        const next = new Set(b);
        next.delete(which);
        return next;
      });
    }
  };
  return (
    <span className="booking-documents" role="group" aria-label={t('group')}>
      <Button size="sm" variant="ghost" icon="download" label={busy.has('invoice') ? t('preparing') : t('invoice')} busy={busy.has('invoice')} aria-label={t('downloadInvoice')} onClick={() => void run('invoice', invoicePath(bookingId), `invoice-${bookingId}.pdf`)} data-testid={`${testIdPrefix}-invoice`} />
      {!cancelled &&
        VOUCHER_LINKS.map((l) => (
          <Button
            key={l.lang}
            size="sm"
            variant="ghost"
            icon="download"
            label={busy.has(l.lang) ? t('preparing') : named ? t('voucherNamed', { label: l.label }) : l.label}
            busy={busy.has(l.lang)}
            // Named, the visible words are the name (so speech input finds the button by what it shows).
            aria-label={named ? undefined : t('downloadVoucher', { label: l.label })}
            title={t('downloadVoucher', { label: l.label })}
            onClick={() => void run(l.lang, voucherPath(bookingId, l.lang), `voucher-${bookingId}-${l.lang}.pdf`)}
            data-testid={`${testIdPrefix}-voucher-${l.lang}`}
          />
        ))}
      {tickets && !cancelled && (
        <Button
          size="sm"
          variant="ghost"
          icon="download"
          label={busy.has('tickets') ? t('preparing') : t('tickets')}
          busy={busy.has('tickets')}
          onClick={() => void runDownload('tickets', async () => {
            const { blob, fileName } = await downloadTickets(bookingId);
            saveBlob(blob, fileName);
          })}
          data-testid={`${testIdPrefix}-tickets`}
        />
      )}
    </span>
  );
}
