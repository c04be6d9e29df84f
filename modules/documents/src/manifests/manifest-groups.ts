import type { ManifestBookingRow } from '@tbo/read-models';
import { BOOKING_STATUS_TEXT, type BookingStatusCode } from '@tbo/booking';

/**
 * A day's manifest: bookings grouped by pick-up window, region and hotel (the order a driver collects them in),
 * with totals per group and for the day. 'To collect' is what the supplier's staff collect on the day: the
 * booking's collect amount when the supplier collects it; an amount the agency collects is not theirs to take.
 */
export interface ManifestLine {
  reference: string;
  guestName: string;
  room: string;
  phones: string;
  ad: number;
  ch: number;
  inf: number;
  foc: number;
  tourName: string;
  offerName: string;
  slotName: string;
  startTime: number | null;
  endTime: number | null;
  voucher: string;
  toCollect: number;
  notes: string;
  status: number;
  statusText: string;
  checkIn: ManifestBookingRow['checkIn'];
}

export interface ManifestTotals {
  bookings: number;
  ad: number;
  ch: number;
  inf: number;
  foc: number;
  toCollect: number;
  checkedIn: number;
}

export interface ManifestGroup {
  pickUpStart: number | null;
  pickUpEnd: number | null;
  regionName: string;
  hotelName: string;
  lines: ManifestLine[];
  totals: ManifestTotals;
}

export interface Manifest {
  date: string;
  groups: ManifestGroup[];
  totals: ManifestTotals;
}

export const manifestReference = (id: number): string => `BK-${id}`;

const emptyTotals = (): ManifestTotals => ({ bookings: 0, ad: 0, ch: 0, inf: 0, foc: 0, toCollect: 0, checkedIn: 0 });
const cents = (n: number) => Math.round(n * 100) / 100;

function add(t: ManifestTotals, l: ManifestLine): void {
  t.bookings++;
  t.ad += l.ad;
  t.ch += l.ch;
  t.inf += l.inf;
  t.foc += l.foc;
  t.toCollect = cents(t.toCollect + l.toCollect);
  if (l.checkIn?.kind === 'redeemed') t.checkedIn++;
}

export function lineOf(r: ManifestBookingRow): ManifestLine {
  return {
    reference: manifestReference(r.id),
    guestName: r.guestName,
    room: r.room,
    phones: r.tel,
    ad: r.ad,
    ch: r.ch,
    inf: r.inf,
    foc: r.foc,
    tourName: r.tourName,
    offerName: r.offerName,
    slotName: r.timeSlotName ?? '',
    startTime: r.startTime,
    endTime: r.endTime,
    voucher: r.voucher,
    toCollect: r.collectTo === 'supplier' ? r.collect : 0,
    notes: r.notes,
    status: r.status,
    statusText: BOOKING_STATUS_TEXT[r.status as BookingStatusCode] ?? String(r.status),
    checkIn: r.checkIn,
  };
}

/** Groups rows already in pick-up order (manifestBookings sorts them): a new group starts when the key changes. */
export function groupManifest(date: string, rows: readonly ManifestBookingRow[]): Manifest {
  const groups: ManifestGroup[] = [];
  const totals = emptyTotals();
  const keyOf = (r: ManifestBookingRow) => JSON.stringify([r.pickUpStart, r.pickUpEnd, r.regionName, r.hotelName]);
  let key: string | null = null;
  for (const r of rows) {
    const k = keyOf(r);
    if (k !== key) {
      groups.push({ pickUpStart: r.pickUpStart, pickUpEnd: r.pickUpEnd, regionName: r.regionName, hotelName: r.hotelName, lines: [], totals: emptyTotals() });
      key = k;
    }
    const line = lineOf(r);
    const g = groups[groups.length - 1]!;
    g.lines.push(line);
    add(g.totals, line);
    add(totals, line);
  }
  return { date, groups, totals };
}
