import type { DocumentLanguage } from '@tbo/event-schemas';
import { FONT } from '../pdf/pdf-printer';
import { formatDate, formatMoney, timeSpan } from '../render/format';
import type { Manifest, ManifestLine, ManifestTotals } from './manifest-groups';
import { MANIFEST_LABELS, manifestHotel } from './manifest.labels';

/**
 * The columns' widths in points: the tour and ticket ('*') take what is left of the page. The counts fit their
 * short titles ('Взр', 'Мл.'), the voucher a code like 'GH-20261207-1' and a phone like '+971504062340' (which a
 * driver dials) on one line, the amount to collect its Russian title's longest word ('получению'); the check-in's
 * time and name may wrap.
 */
export const MANIFEST_WIDTHS = [42, 66, 28, 62, 22, 22, 22, 22, '*', 52, 62, 50, 52, 58, 48];
/** A4 landscape less the page margins (24 pt each side). */
export const MANIFEST_CONTENT_WIDTH = 841.89 - 2 * 24;

/**
 * pdfmake's 'lightHorizontalLines' with 3 pt cell padding instead of 8: fifteen columns with its padding need 816 pt,
 * more than A4 landscape's 794 between the margins, which squeezed the tour column to a word a line and pushed the
 * last column off the page.
 */
export const MANIFEST_TABLE_LAYOUT = {
  hLineWidth: (i: number, node: { table: { body: unknown[]; headerRows?: number } }) => (i === 0 || i === node.table.body.length ? 0 : i === node.table.headerRows ? 1.5 : 0.5),
  vLineWidth: () => 0,
  hLineColor: (i: number) => (i === 1 ? '#000' : '#aaa'),
  paddingLeft: (i: number) => (i === 0 ? 0 : 3),
  paddingRight: (i: number, node: { table: { widths?: unknown[] } }) => (i === (node.table.widths?.length ?? 0) - 1 ? 0 : 3),
};

/** When a guest was checked in, Dubai time (HH:MM), and by whom. */
export function checkInText(l: Pick<ManifestLine, 'checkIn'>, noShow: string): string {
  if (!l.checkIn) return '';
  const hhmm = new Date(Date.parse(l.checkIn.at) + 4 * 3600_000).toISOString().slice(11, 16);
  return `${l.checkIn.kind === 'noShow' ? `${noShow} ` : ''}${hhmm} ${l.checkIn.byName}`;
}

/** The day's manifest (A4 landscape): a header per pick-up group, one row per booking, totals per group and for the day. */
export function manifestDefinition(m: Manifest, language: DocumentLanguage, slotName: string | null, supplierName: string): object {
  const L = MANIFEST_LABELS[language];
  // New cells for every group's table: pdfmake writes its layout into the cell objects it draws, so a header row
  // shared by two tables drew blank in the second.
  const head = () => [L.reference, L.guest, L.room, L.phones, L.ad, L.ch, L.inf, L.foc, `${L.tour} / ${L.ticket}`, L.slot, L.voucher, L.toCollect, L.notes, L.status, L.checkIn].map((text) => ({ text, bold: true, fillColor: '#eeeeee' }));
  const totalsRow = (label: string, t: ManifestTotals) => [
    { text: `${label} (${L.bookings(t.bookings)})`, colSpan: 4, bold: true }, '', '', '',
    { text: String(t.ad), bold: true }, { text: String(t.ch), bold: true }, { text: String(t.inf), bold: true }, { text: String(t.foc), bold: true },
    '', '', '', { text: formatMoney(t.toCollect, language), bold: true, alignment: 'right' }, '', '', { text: String(t.checkedIn), bold: true },
  ];
  const content: object[] = [
    { text: `${L.title} — ${supplierName}`, fontSize: 16, bold: true },
    { text: `${L.date}: ${formatDate(m.date, language)}    ${L.slot}: ${slotName ?? L.allSlots}`, margin: [0, 4, 0, 10] },
  ];
  if (!m.groups.length) content.push({ text: L.none });
  for (const g of m.groups) {
    const pickUp = g.pickUpStart === null ? L.noPickUp : `${L.pickUp} ${timeSpan(g.pickUpStart, g.pickUpEnd)}`;
    content.push({ text: `${pickUp} · ${L.region}: ${g.regionName || '—'} · ${L.hotel}: ${manifestHotel(g.hotelName, language) || '—'}`, bold: true, margin: [0, 8, 0, 3] });
    content.push({
      table: {
        headerRows: 1,
        widths: MANIFEST_WIDTHS,
        body: [
          head(),
          ...g.lines.map((l) => [
            l.reference, l.guestName, l.room, l.phones, String(l.ad), String(l.ch), String(l.inf), String(l.foc), `${l.tourName}\n${l.offerName}`,
            [l.slotName, timeSpan(l.startTime, l.endTime)].filter(Boolean).join(' '), l.voucher, { text: formatMoney(l.toCollect, language), alignment: 'right' }, l.notes,
            L.statuses[l.status] ?? '', checkInText(l, L.noShow),
          ]),
          totalsRow(L.groupTotal, g.totals),
        ],
      },
      layout: MANIFEST_TABLE_LAYOUT,
    });
  }
  if (m.groups.length) {
    content.push({ margin: [0, 10, 0, 0], table: { widths: MANIFEST_WIDTHS, body: [totalsRow(L.dayTotal, m.totals)] }, layout: { ...MANIFEST_TABLE_LAYOUT, hLineWidth: () => 0 } });
  }
  return {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [24, 28, 24, 28], // MANIFEST_CONTENT_WIDTH's
    info: { title: `${L.title} ${m.date}`, author: supplierName || 'Supplier' },
    defaultStyle: { font: FONT, fontSize: 7 },
    content,
  };
}
