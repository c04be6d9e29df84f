import type { DocumentLanguage } from '@tbo/event-schemas';
import QRCode from 'qrcode';
import { loadConfig } from '@tbo/kernel';
import { NO_HOTEL_NAME } from '@tbo/scheduling';
import { FONT } from '../pdf/pdf-printer';
import { bookingReference, voucherNumber, type DocumentFacts } from './document-facts';
import { formatDate, plainText, timeSpan } from './format';
import { VOUCHER_LABELS } from './labels';

/** The check-in page of a booking at the product's public address: what the voucher's QR opens on a phone. */
export const checkinUrl = (bookingId: number, publicUrl = loadConfig().PUBLIC_URL): string => `${publicUrl}/checkin/${bookingReference(bookingId)}`;

/** The booking's check-in address as a QR code (PNG data URL), with the quiet zone scanners need. */
export const referenceQr = (bookingId: number): Promise<string> => QRCode.toDataURL(checkinUrl(bookingId), { errorCorrectionLevel: 'M', margin: 4, scale: 8 });

/** The voucher (A4) in English or Russian: every label in the language, the tour's and guest's texts as written. */
export async function voucherDefinition(f: DocumentFacts, language: DocumentLanguage): Promise<object> {
  const L = VOUCHER_LABELS[language];
  const b = f.booking;
  const v = b.view;
  const s = f.supplier;
  const row = (label: string, value: string) => [{ text: label, bold: true }, value || '—'];
  const slot = [v.timeSlotName ?? '', timeSpan(v.startTime, v.endTime)].filter(Boolean).join(' ');
  const pickUp = v.pickUpTimeStart === null ? L.noPickUp : timeSpan(v.pickUpTimeStart, v.pickUpTimeEnd);
  const policy = [...v.cancellationPolicy].sort((a, c) => c.hours - a.hours);
  const policyText = policy.length ? [...policy.map((p) => L.refundTier(p.hours, p.percents)), L.lessNotice] : [L.notRefundable];
  const support = s.customerSupport;
  const person = (c: { name: string; phone: string; email: string }) => [c.name, c.phone, c.email].filter(Boolean).join(' · ');
  const notes = plainText(f.notesToClient);
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 40],
    info: { title: `${L.voucher} ${voucherNumber(v.id, b.version)}`, author: s.name || 'Supplier', creationDate: new Date(b.versionAt), modDate: new Date(b.versionAt) },
    defaultStyle: { font: FONT, fontSize: 10 },
    content: [
      {
        columns: [
          [
            { text: L.voucher, fontSize: 20, bold: true },
            { text: `${L.voucherNumber}: ${voucherNumber(v.id, b.version)}`, margin: [0, 4, 0, 0] },
            { text: `${L.bookingReference}: ${bookingReference(v.id)}` },
            v.voucher ? { text: `${f.agencyName ? L.agentReference : L.directReference}: ${v.voucher}` } : '',
            { text: `${L.status}: ${L.statuses[v.status] ?? ''}`, bold: true, margin: [0, 4, 0, 0] },
            { text: `${L.operator}: ${s.name}`, margin: [0, 4, 0, 0] },
          ],
          { width: 130, stack: [{ image: await referenceQr(v.id), width: 120 }, { text: L.scan, fontSize: 7, alignment: 'center' }] },
        ],
      },
      {
        margin: [0, 14, 0, 0],
        table: {
          widths: [130, '*'],
          body: [
            row(L.tour, v.tourName),
            row(L.ticket, v.offerName),
            row(L.date, formatDate(v.date, language)),
            row(L.timeSlot, slot),
            row(L.pickUpWindow, pickUp),
            // NO_HOTEL_NAME is how a booking without a hotel of the list (an OCTO one without pick-up) names it.
            row(L.hotel, v.hotelName === NO_HOTEL_NAME ? L.noHotel : v.hotelName),
            row(L.room, v.roomNumber),
            row(L.guest, v.guestName),
            row(L.phones, v.phones.join(', ')),
            row(L.guests, `${L.adults}: ${v.adults}   ${L.children}: ${v.children}   ${L.infants}: ${v.infants}   ${L.foc}: ${v.foc}`),
            ...(v.notes ? [row(L.notes, v.notes)] : []),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      ...(notes ? [{ text: L.notesToClient, bold: true, margin: [0, 14, 0, 2] }, { text: notes }] : []),
      { text: L.cancellationPolicy, bold: true, margin: [0, 14, 0, 2] },
      { ul: policyText },
      { text: L.customerSupport, bold: true, margin: [0, 14, 0, 2] },
      ...[support.primary, support.secondary].map(person).filter(Boolean).map((text) => ({ text })),
      { text: `${L.emergency}: ${person(support.emergency) || '—'}`, bold: true, margin: [0, 4, 0, 0] },
    ],
  };
}
