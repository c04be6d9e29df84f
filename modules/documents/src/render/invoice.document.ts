import { FONT } from '../pdf/pdf-printer';
import { bookingReference, invoiceNumber, type DocumentFacts } from './document-facts';
import { lineAmountsAddingUp } from './invoice-amounts';
import { invoiceTotalRows } from './invoice-totals';
import { dubaiDateOf, formatMoney, formatShortDate, timeSpan } from './format';

type Cell = string | { text: string; bold?: boolean; alignment?: string; colSpan?: number; fillColor?: string };
const right = (text: string, bold = false): Cell => ({ text, alignment: 'right', bold });
const th = (text: string, alignment = 'left'): Cell => ({ text, bold: true, alignment, fillColor: '#eeeeee' });

/** '2 adults, 1 child, 1 infant': each count with its word in the singular or plural, counts of none left out. */
export function guestCounts(v: { adults: number; children: number; infants: number; foc: number }): string {
  const words: [number, string, string][] = [
    [v.adults, 'adult', 'adults'],
    [v.children, 'child', 'children'],
    [v.infants, 'infant', 'infants'],
    [v.foc, 'free of charge', 'free of charge'],
  ];
  return words
    .filter(([n]) => n > 0)
    .map(([n, one, many]) => `${n} ${n === 1 ? one : many}`)
    .join(', ');
}

export interface InvoiceLine {
  description: string;
  quantity: number;
  unitUsd: number;
  unitAed: number;
  amountUsd: number;
  amountAed: number;
}

/**
 * One line per booking item that has a price: adults and children (when any, at a price), the trip (when priced).
 * Unit prices include VAT. The amounts add up to the booking's totals exactly (its events' one answer, rounded once
 * from the 4-decimal prices): the cent a line's own rounding would lose or add is settled across the lines
 * (lineAmountsAddingUp).
 * A kind of guest the period prices at 0 gets no line, whether the ticket is priced per trip (its adults at 0) or
 * the period deliberately lets children go free: a tax invoice lists what it charges, the 'Guests' line above the
 * table already counts everyone, and infants and free of charge places, free too, never had a line. One rule for
 * every kind, so the two cases cannot read differently. A booking with no price at all keeps its adults line, so
 * the table still says what was sold.
 */
export function invoiceLines(f: DocumentFacts): InvoiceLine[] {
  const v = f.booking.view;
  const p = v.prices;
  const priced = (unitUsd: number, unitAed: number) => unitUsd > 0 || unitAed > 0;
  const adults = { description: 'Adults', quantity: v.adults, unitUsd: p.adultRecUsd, unitAed: p.adultRecAed };
  const items: Omit<InvoiceLine, 'amountUsd' | 'amountAed'>[] = [];
  if (v.adults > 0 && priced(p.adultRecUsd, p.adultRecAed)) items.push(adults);
  if (v.children > 0 && priced(p.childRecUsd, p.childRecAed)) items.push({ description: 'Children', quantity: v.children, unitUsd: p.childRecUsd, unitAed: p.childRecAed });
  if (priced(p.tripRecUsd, p.tripRecAed)) items.push({ description: 'Trip (per booking)', quantity: 1, unitUsd: p.tripRecUsd, unitAed: p.tripRecAed });
  if (items.length === 0) items.push(adults);
  const usd = lineAmountsAddingUp(items.map((l) => l.quantity * l.unitUsd), v.totals.totalUsd);
  const aed = lineAmountsAddingUp(items.map((l) => l.quantity * l.unitAed), v.totals.totalAed);
  return items.map((l, i) => ({ ...l, amountUsd: usd[i]!, amountAed: aed[i]! }));
}

/** The invoice (A4, English): the supplier invoices the agency for one booking as it stood at the document's version. */
export function invoiceDefinition(f: DocumentFacts): object {
  const b = f.booking;
  const v = b.view;
  const s = f.supplier;
  const lines = invoiceLines(f);
  const money = (usd: number, aed: number, label: string, bold = false): Cell[] => [{ text: label, colSpan: 4, bold }, '', '', '', right(`USD ${formatMoney(usd)}`, bold), right(`AED ${formatMoney(aed)}`, bold)];
  const contact = (c: { phone: string; email: string }) => [c.phone, c.email].filter(Boolean).join(' · ');
  const accounts = [s.accountsDepartment.primary, s.accountsDepartment.secondary].map(contact).filter(Boolean);
  const pay = s.paymentDetails;
  const cancelled = b.cancelled && v.cancellation;
  const slot = [v.timeSlotName, timeSpan(v.startTime, v.endTime)].filter(Boolean).join(' ');
  return {
    pageSize: 'A4',
    pageMargins: [40, 40, 40, 50],
    info: { title: `Invoice ${invoiceNumber(v.id, b.version)}`, author: s.name || 'Supplier', creationDate: new Date(b.versionAt), modDate: new Date(b.versionAt) },
    defaultStyle: { font: FONT, fontSize: 9 },
    content: [
      {
        columns: [
          [
            { text: s.name || 'Supplier', fontSize: 14, bold: true },
            { text: s.address, margin: [0, 2, 0, 0] },
            { text: `Tax registration number (TRN): ${s.taxRegistrationNumber || '—'}` },
            { text: `Trade license number: ${s.tradeLicenseNumber || '—'}` },
          ],
          [
            { text: 'TAX INVOICE', fontSize: 14, bold: true, alignment: 'right' },
            // On a line of its own: beside the supplier's column the title would wrap mid-phrase.
            ...(cancelled ? [{ text: 'CANCELLED BOOKING', fontSize: 11, bold: true, alignment: 'right' }] : []),
            { text: `Invoice number: ${invoiceNumber(v.id, b.version)}`, alignment: 'right' },
            { text: `Invoice date: ${formatShortDate(dubaiDateOf(b.versionAt))}`, alignment: 'right' },
            { text: `Booking reference: ${bookingReference(v.id)}`, alignment: 'right' },
          ],
        ],
      },
      { text: 'Bill to', bold: true, margin: [0, 16, 0, 2] },
      { text: f.agencyName ?? 'Direct sale' },
      v.voucher ? { text: `${f.agencyName ? "Agent's voucher number" : 'Voucher number'}: ${v.voucher}` } : '',
      { text: 'Service', bold: true, margin: [0, 10, 0, 2] },
      { text: `${v.tourName} — ${v.offerName}` },
      { text: `Date: ${formatShortDate(v.date)}${slot ? `, ${slot}` : ''}` },
      { text: `Lead guest: ${v.guestName}` },
      { text: `Guests: ${guestCounts(v)}` },
      {
        margin: [0, 12, 0, 0],
        table: {
          headerRows: 1,
          widths: ['*', 'auto', 'auto', 'auto', 'auto', 'auto'],
          body: [
            [th('Item'), th('Qty', 'right'), th('Unit USD', 'right'), th('Unit AED', 'right'), th('Amount USD', 'right'), th('Amount AED', 'right')],
            ...lines.map((l): Cell[] => [l.description, right(String(l.quantity)), right(formatMoney(l.unitUsd)), right(formatMoney(l.unitAed)), right(formatMoney(l.amountUsd)), right(formatMoney(l.amountAed))]),
            ...invoiceTotalRows(f).map((r) => money(r.usd, r.aed, r.label, r.bold)),
          ],
        },
        layout: 'lightHorizontalLines',
      },
      { text: 'Payment details', bold: true, margin: [0, 16, 0, 2] },
      { text: `Bank: ${pay.bankName}${pay.bankBranchAddress ? `, ${pay.bankBranchAddress}` : ''}` },
      { text: `Account number: ${pay.accountNumber}` },
      { text: `IBAN: ${pay.ibanNumber}` },
      { text: `SWIFT: ${pay.swiftCode}` },
      { text: 'Accounts department', bold: true, margin: [0, 10, 0, 2] },
      ...accounts.map((text) => ({ text })),
    ],
    footer: (page: number, pages: number) => ({ text: `${invoiceNumber(v.id, b.version)} · ${page} / ${pages}`, alignment: 'center', fontSize: 7, margin: [0, 20, 0, 0] }),
  };
}
