import type { Response } from 'express';
import type { AgentBookingRow } from '@tbo/read-models';
import { minutesToTime, MONEY_FORMAT, safeXlsxFileName, sendXlsx, type CellValue, type ExcelColumn, type SheetLanguage } from '@tbo/kernel';
import { NO_HOTEL_NAME } from '@tbo/scheduling';
import { BOOKING_STATUS_TEXT, BOOKING_STATUS_TEXT_RU, type BookingStatusCode } from '../pure/booking-status.pure';

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', as every screen shows dates. */
export const displayDate = (iso: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : iso);

const time = (minutes: number | null): string => (minutes === null ? '' : minutesToTime(minutes));
export const pickUpText = (start: number | null, end: number | null): string => (start === null ? '' : end === null || end === start ? time(start) : `${time(start)} – ${time(end)}`);
/** The hotel the lists show; a booking without a hotel of the list (NO_HOTEL_NAME) in the sheet's words. */
function hotelText(r: { hotelName: string; customHotelName: string | null }, noHotel: string): string {
  const name = r.customHotelName || r.hotelName;
  return name === NO_HOTEL_NAME ? noHotel : name;
}

/**
 * The sheets' words: the Russian ones are the lists' column titles on the Russian screens. A declined booking's
 * status is Cancelled (spec 02 §4 has no code for it), but it reads 'Declined' as on every screen
 * (frontend/src/app/bookings/declined.ts): an accountant tells a sale never confirmed (no fee, no documents) from
 * a cancellation with a fee.
 */
export const BOOKING_SHEET_WORDS = {
  en: {
    bookings: 'Bookings', commissions: 'Commissions',
    id: 'Id', date: 'Date', bookedAt: 'Booked at', tour: 'Tour', ticket: 'Ticket', hotel: 'Hotel', region: 'Region', pickUp: 'Pick-up time', room: 'Room',
    guest: 'Guest name', tel: 'Tel', ad: 'Ad', ch: 'Ch', inf: 'Inf', foc: 'Foc', paid: 'Paid', paidTo: 'Paid to', collect: 'Collect', collectTo: 'Collect to',
    grossSales: 'Gross sales', agencyReceivable: 'Agency receivable', agent: 'Agent', resellerApi: 'Reseller API (OCTO)', voucher: 'Voucher', notes: 'Notes', status: 'Status',
    agency: 'Agency', supplier: 'Supplier', noHotel: NO_HOTEL_NAME, statuses: BOOKING_STATUS_TEXT, declined: 'Declined',
  },
  ru: {
    bookings: 'Бронирования', commissions: 'Комиссии',
    id: '№', date: 'Дата', bookedAt: 'Забронировано', tour: 'Тур', ticket: 'Билет', hotel: 'Отель', region: 'Район', pickUp: 'Время трансфера', room: 'Номер',
    guest: 'Гость', tel: 'Телефон', ad: 'Взр', ch: 'Дет', inf: 'Млад', foc: 'Бесп', paid: 'Оплачено', paidTo: 'Кому оплачено', collect: 'К получению', collectTo: 'Кто получает',
    grossSales: 'Продажи', agencyReceivable: 'Комиссия агентства', agent: 'Агент', resellerApi: 'API реселлера (OCTO)', voucher: 'Ваучер', notes: 'Примечания', status: 'Статус',
    agency: 'Агентство', supplier: 'Поставщик', noHotel: 'Без отеля', statuses: BOOKING_STATUS_TEXT_RU, declined: 'Отклонено',
  },
} satisfies Record<SheetLanguage, Record<string, string | Record<BookingStatusCode, string>>>;

type Words = (typeof BOOKING_SHEET_WORDS)['en'];

/** Who travels, as both lists' sheets show it: the guest, the phone and the counts. */
const guestColumns = (w: Words): ExcelColumn[] => [
  { header: w.guest, width: 26 },
  { header: w.tel, width: 20 },
  { header: w.ad, width: 6 },
  { header: w.ch, width: 6 },
  { header: w.inf, width: 6 },
  { header: w.foc, width: 6 },
];

/** The operator sheet's columns, in the order of operatorSheetBatches' cells (Postgres formats them). */
export function operatorSheetColumns(lang: SheetLanguage): ExcelColumn[] {
  const w = BOOKING_SHEET_WORDS[lang];
  return [
    { header: w.id, width: 10 },
    { header: w.date, width: 12 },
    { header: w.bookedAt, width: 18 },
    { header: w.tour, width: 30 },
    { header: w.ticket, width: 30 },
    { header: w.hotel, width: 30 },
    { header: w.region, width: 20 },
    ...guestColumns(w),
    { header: w.paid, width: 12, numFmt: MONEY_FORMAT },
    { header: w.paidTo, width: 14 },
    { header: w.collect, width: 12, numFmt: MONEY_FORMAT },
    { header: w.collectTo, width: 14 },
    { header: w.voucher, width: 16 },
    { header: w.status, width: 16 },
  ];
}

/** The words operatorSheetBatches writes for payees and statuses. */
export function operatorSheetTexts(lang: SheetLanguage) {
  const w = BOOKING_SHEET_WORDS[lang];
  return { payees: { agency: w.agency, supplier: w.supplier }, noHotel: w.noHotel, statuses: w.statuses, declined: w.declined };
}

/** The agent lists' sheets: the bookings one has the pick-up time, commissions leaves it out (spec 02 §2). */
export function agentSheetColumns(kind: 'bookings' | 'commissions', lang: SheetLanguage): ExcelColumn[] {
  const w = BOOKING_SHEET_WORDS[lang];
  return [
    { header: w.id, width: 10 },
    { header: w.date, width: 12 },
    { header: w.tour, width: 30 },
    { header: w.ticket, width: 30 },
    { header: w.hotel, width: 30 },
    ...(kind === 'bookings' ? [{ header: w.pickUp, width: 14 }] : []),
    { header: w.room, width: 8 },
    ...guestColumns(w),
    { header: w.grossSales, width: 12, numFmt: MONEY_FORMAT },
    { header: w.agencyReceivable, width: 14, numFmt: MONEY_FORMAT },
    { header: w.agent, width: 22 },
    { header: w.voucher, width: 16 },
    { header: w.notes, width: 30 },
    { header: w.status, width: 16 },
  ];
}

/** A row's status in the sheet's words: 'Declined' for a declined one, as the lists say it. */
export const statusText = (r: { status: number; statusText: string; declined: boolean }, lang: SheetLanguage): string =>
  r.declined ? BOOKING_SHEET_WORDS[lang].declined : (BOOKING_SHEET_WORDS[lang].statuses[r.status as BookingStatusCode] ?? r.statusText);

export function agentCells(kind: 'bookings' | 'commissions', r: AgentBookingRow, lang: SheetLanguage): CellValue[] {
  return [
    r.id,
    displayDate(r.date),
    r.tourName,
    r.offerName,
    hotelText(r, BOOKING_SHEET_WORDS[lang].noHotel),
    ...(kind === 'bookings' ? [pickUpText(r.pickUpTimeStart, r.pickUpTimeEnd)] : []),
    r.roomNumber,
    r.guestName,
    r.tel,
    r.numAdults,
    r.numChildren,
    r.numInfants,
    r.numFoc,
    r.grossSales,
    r.agencyReceivable,
    // An OCTO booking is the agency's, booked by its reseller: no agent of the agency made it.
    r.agentName || (r.channel === 'octo' ? BOOKING_SHEET_WORDS[lang].resellerApi : ''),
    r.voucher,
    r.notes,
    statusText(r, lang),
  ];
}

/** Streams a sheet of batches to the response as the named .xlsx file. */
export async function sendSheet<T>(res: Response, fileName: string, title: string, columns: ExcelColumn[], batches: AsyncIterable<T[]>, cells: (row: T) => CellValue[]): Promise<void> {
  const name = safeXlsxFileName(fileName);
  async function* rows(): AsyncIterable<CellValue[]> {
    for await (const batch of batches) for (const row of batch) yield cells(row);
  }
  await sendXlsx(res, name, { title, columns, rows: rows() });
}
