import { agencyReceivableAed, paidBeyondPrice, round2 } from '@tbo/booking';
import type { DocumentFacts } from './document-facts';

/** A row under the invoice's lines: a label and its amount in USD and AED. */
export interface InvoiceTotalRow {
  label: string;
  usd: number;
  aed: number;
  bold?: boolean;
}

/** The VAT included in a total at the booking's rate. */
export const vatOf = (total: number, vatPercent: number): number => round2(total - total / (1 + vatPercent / 100));

/**
 * The rows under the invoice's lines, as the booking stood at the document's version. A cancelled booking bills only
 * its fee, so the VAT is the fee's (a 50 % fee of 200.00 with VAT 5 % is 95.24 + 4.76), not the booked total's.
 */
export function invoiceTotalRows(f: Pick<DocumentFacts, 'booking' | 'agencyName'>): InvoiceTotalRow[] {
  const v = f.booking.view;
  const t = v.totals;
  const row = (usd: number, aed: number, label: string, bold = false): InvoiceTotalRow => ({ label, usd, aed, ...(bold ? { bold } : {}) });
  // An amount billed with its VAT: excluding VAT, the VAT, and the amount itself (in bold).
  const withVat = (usd: number, aed: number, label: string): InvoiceTotalRow[] => {
    const vatUsd = vatOf(usd, v.prices.vat);
    const vatAed = vatOf(aed, v.prices.vat);
    return [row(round2(usd - vatUsd), round2(aed - vatAed), `${label} excluding VAT`), row(vatUsd, vatAed, `VAT ${v.prices.vat}%`), row(usd, aed, `${label} including VAT`, true)];
  };
  const paid = row(v.paid, v.paidOrig, `Paid (held by the ${v.paidTo})`);
  // The price went down below what the guest had paid: the difference is theirs, cancelled or not.
  const beyond = paidBeyondPrice(v);
  const beyondRows = beyond ? [row(beyond.usd, beyond.aed, 'Paid beyond the price (to refund to the guest)')] : [];
  const c = f.booking.cancelled ? v.cancellation : null;
  if (c) {
    // Nothing is sold or collected on the day; the fee is what is due (the agency earns no commission on it, as its
    // statement takes the commission back), and the rest of the total is not charged. The refund is of the total
    // (the price now); what the guest paid beyond that price is still owed back beside it, so what goes back to a
    // guest who paid in full is what they paid less the fee.
    return [
      row(t.totalUsd, t.totalAed, 'Booked total including VAT'),
      row(c.refundUsd, c.refundAed, 'Not charged (refund of the total)'),
      ...beyondRows,
      ...withVat(c.penaltyUsd, c.penaltyAed, `Cancellation fee ${c.penaltyPercent}%`),
      paid,
      row(c.penaltyUsd, c.penaltyAed, f.agencyName ? 'Due from the agency (the cancellation fee)' : 'Due (the cancellation fee)', true),
    ];
  }
  return [
    ...withVat(t.totalUsd, t.totalAed, 'Total'),
    // A direct sale (the supplier's own staff sold it) bills no agency: its staff commission is the reports'
    // business, not the guest's.
    ...(f.agencyName ? [row(t.agencyReceivable, agencyReceivableAed(t), `Agency commission ${v.prices.commission}%`), row(t.netUsd, t.netAed, 'Net due from the agency', true)] : []),
    paid,
    ...beyondRows,
    row(v.collect, v.collectOrig, `To collect on the day (by the ${v.collectTo})`, true),
  ];
}
