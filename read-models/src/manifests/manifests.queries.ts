import type { Knex } from 'knex';

/**
 * The day's manifests over the `bookings` read table (its columns and indexes as they are: supplier and date
 * select a day), with the check-ins and staff assignments of the `manifests` projection. Cancelled and declined
 * bookings (status 4) are left out; pending ones are listed with their status.
 */
const CANCELLED = 4;

export interface ManifestBookingRow {
  id: number;
  guestName: string;
  room: string;
  tel: string;
  ad: number;
  ch: number;
  inf: number;
  foc: number;
  tourName: string;
  offerName: string;
  timeSlotId: number | null;
  timeSlotName: string | null;
  startTime: number | null;
  endTime: number | null;
  hotelName: string;
  regionName: string;
  pickUpStart: number | null;
  pickUpEnd: number | null;
  voucher: string;
  collect: number;
  collectTo: string;
  notes: string;
  status: number;
  checkIn: { kind: 'redeemed' | 'noShow'; at: string; byName: string } | null;
}

export interface ManifestFilter {
  supplierId: number;
  date: string;
  /** One slot only; null or undefined: every slot of the day. */
  slotId?: number | null;
  /** A driver's or guide's email: only the slot-dates assigned to them. */
  staffEmail?: string | null;
}

interface RawRow {
  id: number; guest_name: string; room: string; tel: string; ad: number; ch: number; inf: number; foc: number;
  tour_name: string; offer_name: string; time_slot_id: number | null; time_slot_name: string | null; start_time: number | null; end_time: number | null;
  hotel_name: string; custom_hotel_name: string | null; region_name: string; pick_up_start: number | null; pick_up_end: number | null;
  voucher: string; collect: string | number; collect_to: string; notes: string; status: number;
  checkin_kind: 'redeemed' | 'noShow' | null; checkin_at: Date | null; checkin_by: string | null;
}

/** Every booking of a supplier's day (optionally one slot, or a staff member's slots), in pick-up order. */
export async function manifestBookings(db: Knex, f: ManifestFilter): Promise<ManifestBookingRow[]> {
  const q = db('bookings as b')
    .leftJoin('manifest_checkins as c', 'c.booking_id', 'b.id')
    .where('b.supplier_id', f.supplierId)
    .andWhere('b.date', f.date)
    .andWhere('b.status', '<>', CANCELLED)
    .select(
      'b.id', 'b.guest_name', 'b.room', 'b.tel', 'b.ad', 'b.ch', 'b.inf', 'b.foc', 'b.tour_name', 'b.offer_name', 'b.time_slot_id', 'b.time_slot_name',
      'b.start_time', 'b.end_time', 'b.hotel_name', 'b.custom_hotel_name', 'b.region_name', 'b.pick_up_start', 'b.pick_up_end', 'b.voucher',
      'b.collect', 'b.collect_to', 'b.notes', 'b.status', 'c.kind as checkin_kind', 'c.at as checkin_at', 'c.by_name as checkin_by',
    )
    .orderByRaw('b.pick_up_start nulls last, b.pick_up_end nulls last, b.region_name, coalesce(b.custom_hotel_name, b.hotel_name), b.start_time nulls last, lower(b.guest_name), b.id');
  if (f.slotId) q.andWhere('b.time_slot_id', f.slotId);
  if (f.staffEmail) {
    q.whereExists((s) =>
      s.select(db.raw('1')).from('manifest_staff as m')
        .whereRaw('m.supplier_id = b.supplier_id and m.date = b.date and m.time_slot_id = b.time_slot_id')
        .andWhere('m.user_email', f.staffEmail!.toLowerCase()),
    );
  }
  const rows: RawRow[] = await q;
  return rows.map((r) => ({
    id: r.id,
    guestName: r.guest_name,
    room: r.room,
    tel: r.tel,
    ad: r.ad,
    ch: r.ch,
    inf: r.inf,
    foc: r.foc,
    tourName: r.tour_name,
    offerName: r.offer_name,
    timeSlotId: r.time_slot_id,
    timeSlotName: r.time_slot_name,
    startTime: r.start_time,
    endTime: r.end_time,
    hotelName: r.custom_hotel_name || r.hotel_name,
    regionName: r.region_name,
    pickUpStart: r.pick_up_start,
    pickUpEnd: r.pick_up_end,
    voucher: r.voucher,
    collect: Number(r.collect),
    collectTo: r.collect_to,
    notes: r.notes,
    status: r.status,
    checkIn: r.checkin_kind && r.checkin_at ? { kind: r.checkin_kind, at: new Date(r.checkin_at).toISOString(), byName: r.checkin_by ?? '' } : null,
  }));
}

export interface ManifestStaffRow {
  timeSlotId: number;
  email: string;
  name: string;
  role: string;
}

/** The drivers and guides assigned to a supplier's slots on a date. */
export async function manifestStaffOn(db: Knex, supplierId: number, date: string): Promise<ManifestStaffRow[]> {
  const rows: { time_slot_id: number; user_email: string; user_name: string; role: string }[] = await db('manifest_staff')
    .where({ supplier_id: supplierId, date })
    .select('time_slot_id', 'user_email', 'user_name', 'role')
    .orderBy(['time_slot_id', 'role', 'user_name']);
  return rows.map((r) => ({ timeSlotId: r.time_slot_id, email: r.user_email, name: r.user_name, role: r.role }));
}

/** The supplier's users who may be assigned: those with the role driver or guide. */
export async function manifestStaffCandidates(db: Knex, supplierId: number): Promise<{ email: string; name: string; roles: string[] }[]> {
  const rows: { email: string; full_name: string; roles: string[] }[] = await db('users')
    .where('supplier_id', supplierId)
    .andWhereRaw("roles && array['driver','guide']::text[]")
    .select('email', 'full_name', 'roles')
    .orderBy('full_name');
  return rows.map((r) => ({ email: r.email, name: r.full_name, roles: r.roles }));
}
