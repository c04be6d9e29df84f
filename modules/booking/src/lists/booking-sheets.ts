import type { Response } from 'express';
import type { AgentBookingRow } from '@tbo/read-models';
import { minutesToTime, safeXlsxFileName, sendXlsx, type CellValue, type ExcelColumn } from '@tbo/kernel';

/** 'YYYY-MM-DD' → 'DD.MM.YYYY', as every screen shows dates. */
export const displayDate = (iso: string): string => (/^\d{4}-\d{2}-\d{2}$/.test(iso) ? `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}` : iso);

const time = (minutes: number | null): string => (minutes === null ? '' : minutesToTime(minutes));
export const pickUpText = (start: number | null, end: number | null): string => (start === null ? '' : end === null || end === start ? time(start) : `${time(start)} – ${time(end)}`);
const hotelText = (r: { hotelName: string; customHotelName: string | null }) => r.customHotelName || r.hotelName;

/** Who travels, as both lists' sheets show it: the guest, the phone and the counts. */
const GUEST_COLUMNS: ExcelColumn[] = [
  { header: 'Guest name', width: 26 },
  { header: 'Tel', width: 20 },
  { header: 'Ad', width: 6 },
  { header: 'Ch', width: 6 },
  { header: 'Inf', width: 6 },
  { header: 'Foc', width: 6 },
];

/** The columns both lists' sheets have, under the same header and width. */
const SHARED = {
  id: { header: 'Id', width: 10 },
  date: { header: 'Date', width: 12 },
  tour: { header: 'Tour', width: 30 },
  ticket: { header: 'Ticket', width: 30 },
  hotel: { header: 'Hotel', width: 30 },
  voucher: { header: 'Voucher', width: 16 },
  status: { header: 'Status', width: 14 },
} satisfies Record<string, ExcelColumn>;

/** The operator sheet's columns, in the order of operatorSheetBatches' cells (Postgres formats them). */
export const OPERATOR_SHEET_COLUMNS: ExcelColumn[] = [
  SHARED.id,
  SHARED.date,
  { header: 'Booked at', width: 18 },
  SHARED.tour,
  SHARED.ticket,
  SHARED.hotel,
  { header: 'Region', width: 20 },
  ...GUEST_COLUMNS,
  { header: 'Paid', width: 12 },
  { header: 'Paid to', width: 10 },
  { header: 'Collect', width: 12 },
  { header: 'Collect to', width: 10 },
  SHARED.voucher,
  SHARED.status,
];

/** The agent lists' sheets: the bookings one has the pick-up time, commissions leaves it out (spec 02 §2). */
export function agentSheetColumns(kind: 'bookings' | 'commissions'): ExcelColumn[] {
  return [
    SHARED.id,
    SHARED.date,
    SHARED.tour,
    SHARED.ticket,
    SHARED.hotel,
    ...(kind === 'bookings' ? [{ header: 'Pick-up time', width: 14 }] : []),
    { header: 'Room', width: 8 },
    ...GUEST_COLUMNS,
    { header: 'Gross sales', width: 12 },
    { header: 'Agency receivable', width: 14 },
    { header: 'Agent', width: 22 },
    SHARED.voucher,
    { header: 'Notes', width: 30 },
    SHARED.status,
  ];
}

export function agentCells(kind: 'bookings' | 'commissions', r: AgentBookingRow): CellValue[] {
  return [
    r.id,
    displayDate(r.date),
    r.tourName,
    r.offerName,
    hotelText(r),
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
    r.agentName,
    r.voucher,
    r.notes,
    r.statusText,
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
