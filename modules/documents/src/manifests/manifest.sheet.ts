import { MONEY_FORMAT, type CellValue, type ExcelColumn } from '@tbo/kernel';
import type { DocumentLanguage } from '@tbo/event-schemas';
import { timeSpan } from '../render/format';
import { checkInText } from './manifest.document';
import type { Manifest } from './manifest-groups';
import { MANIFEST_LABELS, manifestHotel } from './manifest.labels';

const span = (start: number | null, end: number | null): string => timeSpan(start, end, ' – ');

/** The sheet's columns in the manifest's language (the printed manifest's words). */
export const manifestColumns = (language: DocumentLanguage): ExcelColumn[] => {
  const L = MANIFEST_LABELS[language];
  return [
  { header: L.pickUp, width: 14 },
  { header: L.region, width: 18 },
  { header: L.hotel, width: 28 },
  { header: L.reference, width: 10 },
  { header: L.guest, width: 24 },
  { header: L.room, width: 8 },
  { header: L.phones, width: 20 },
  { header: L.ad, width: 6 },
  { header: L.ch, width: 6 },
  { header: L.inf, width: 6 },
  { header: L.foc, width: 6 },
  { header: L.tour, width: 26 },
  { header: L.ticket, width: 26 },
  { header: L.slot, width: 16 },
  { header: L.voucher, width: 14 },
  { header: L.toCollect, width: 14, numFmt: MONEY_FORMAT },
  { header: L.notes, width: 30 },
  { header: L.status, width: 12 },
  { header: L.checkIn, width: 22 },
  ];
};

/** The manifest's rows as the sheet has them: each booking, a total row after each group, the day's total last. */
export function* manifestCells(m: Manifest, language: DocumentLanguage): Iterable<CellValue[]> {
  const L = MANIFEST_LABELS[language];
  for (const g of m.groups) {
    const pickUp = g.pickUpStart === null ? L.noPickUp : span(g.pickUpStart, g.pickUpEnd);
    const hotel = manifestHotel(g.hotelName, language);
    for (const l of g.lines) {
      yield [pickUp, g.regionName, hotel, l.reference, l.guestName, l.room, l.phones, l.ad, l.ch, l.inf, l.foc, l.tourName, l.offerName, [l.slotName, span(l.startTime, l.endTime)].filter(Boolean).join(' '), l.voucher, l.toCollect, l.notes, L.statuses[l.status] ?? l.statusText, checkInText(l, L.noShow)];
    }
    const t = g.totals;
    yield [pickUp, g.regionName, hotel, L.groupTotal, L.bookings(t.bookings), '', '', t.ad, t.ch, t.inf, t.foc, '', '', '', '', t.toCollect, '', '', t.checkedIn];
  }
  const t = m.totals;
  yield ['', '', '', L.dayTotal, L.bookings(t.bookings), '', '', t.ad, t.ch, t.inf, t.foc, '', '', '', '', t.toCollect, '', '', t.checkedIn];
}
