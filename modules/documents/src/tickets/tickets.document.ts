import bwipjs from 'bwip-js/node';
import QRCode from 'qrcode';
import { FONT } from '../pdf/pdf-printer';
import { bookingReference, type DocumentFacts } from '../render/document-facts';
import { formatDate, formatShortDate, formatTime } from '../render/format';

const CATEGORY = { 0: 'Adult', 1: 'Child', 2: 'Infant' } as const;

/** A code as a QR (PNG data URL) with the quiet zone scanners need. */
const qr = (code: string): Promise<string> => QRCode.toDataURL(code, { errorCorrectionLevel: 'M', margin: 4, scale: 8 });

/** A code as a Code 128 bar code on white, padded all round: without the padding scanners miss the first bars. */
async function barCode(code: string): Promise<string> {
  const png = await bwipjs.toBuffer({ bcid: 'code128', text: code, scale: 3, height: 14, includetext: false, backgroundcolor: 'FFFFFF', paddingwidth: 12, paddingheight: 8 });
  return `data:image/png;base64,${png.toString('base64')}`;
}

/**
 * The booking's attraction tickets (A5, one page per code): tour, ticket, date, time slot, guest and the code
 * as a QR or a bar code by the slot's external code type (QR when it names none).
 */
export async function ticketsDefinition(f: DocumentFacts): Promise<object> {
  const v = f.booking.view;
  const tickets = v.tickets ?? [];
  const slot = [v.timeSlotName ?? '', v.startTime === null ? '' : formatTime(v.startTime)].filter(Boolean).join(' ');
  const asBarCode = f.ticketCodeType === 2;
  const pages = [];
  for (const [i, t] of tickets.entries()) {
    const image = asBarCode ? { image: await barCode(t.code), width: 300, alignment: 'center' } : { image: await qr(t.code), width: 170, alignment: 'center' };
    const row = (label: string, value: string) => [{ text: label, bold: true }, value || '—'];
    pages.push({
      ...(i > 0 ? { pageBreak: 'before' } : {}),
      stack: [
        { text: v.tourName, fontSize: 16, bold: true },
        { text: `Ticket ${i + 1} of ${tickets.length}`, fontSize: 9, margin: [0, 2, 0, 8] },
        image,
        { text: t.code, fontSize: 12, bold: true, alignment: 'center', margin: [0, 4, 0, 10] },
        {
          table: {
            widths: [90, '*'],
            body: [
              row('Ticket', `${v.offerName} · ${t.ticketTypeName}`),
              row('Guest', `${v.guestName} (${CATEGORY[t.category]})`),
              row('Date', formatDate(v.date, 'eng')),
              row('Time slot', slot),
              row('Valid until', formatShortDate(t.expiresOn)),
              row('Booking', bookingReference(v.id)),
            ],
          },
          layout: 'lightHorizontalLines',
        },
        { text: f.supplier.name, fontSize: 8, margin: [0, 10, 0, 0] },
      ],
    });
  }
  return {
    pageSize: 'A5',
    pageMargins: [30, 30, 30, 30],
    info: { title: `Tickets ${bookingReference(v.id)}`, author: f.supplier.name || 'Supplier', creationDate: new Date(f.booking.versionAt), modDate: new Date(f.booking.versionAt) },
    defaultStyle: { font: FONT, fontSize: 10 },
    content: pages,
  };
}
