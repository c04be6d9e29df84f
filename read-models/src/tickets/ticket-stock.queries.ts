import type { Knex } from 'knex';
import { compareNames, type TicketTypeView } from '../reference/reference-data.queries';

/**
 * Spec 02 §3's ticket type stock, for one supplier, with the low-stock warning: the ticket type's fields, its
 * figures (available, expired, freezed, expiring in 5 days) counted from this supplier's codes.
 */
export interface TicketStockRow extends TicketTypeView {
  /** Codes held by bookings. */
  reserved: number;
  /** When the oldest code still held was reserved (null: none held). */
  oldestReservedAt: string | null;
  /** Available below the reorder level: admins are warned. */
  lowStock: boolean;
}

type Figures = { ticket_type_id: number; available: number; reserved: number; oldest: Date | null; expired: number; freezed: number; soon: number };

/**
 * Every ticket type (platform-wide, sorted by name) with the figures of this supplier's stock of it on `today`
 * (YYYY-MM-DD, Dubai). A code held by a booking counts as reserved whatever its date; a free code past its
 * expiry counts as expired, not available or freezed.
 */
export async function ticketStockOf(db: Knex, supplierId: number, today: string): Promise<TicketStockRow[]> {
  const in5 = db.raw(`?::date + 5`, [today]);
  const figures: Figures[] = await db('ticket_codes')
    .select('ticket_type_id')
    .select(db.raw('count(*) filter (where booking_id is null and not freezed and expires_on >= ?)::int as available', [today]))
    .select(db.raw('count(*) filter (where booking_id is not null)::int as reserved'))
    .select(db.raw('min(reserved_at) as oldest'))
    .select(db.raw('count(*) filter (where booking_id is null and expires_on < ?)::int as expired', [today]))
    .select(db.raw('count(*) filter (where booking_id is null and freezed and expires_on >= ?)::int as freezed', [today]))
    .select(db.raw('count(*) filter (where booking_id is null and not freezed and expires_on >= ? and expires_on <= ?)::int as soon', [today, in5]))
    .where({ supplier_id: supplierId })
    .groupBy('ticket_type_id');
  const byType = new Map(figures.map((f) => [f.ticket_type_id, f]));
  const types: { id: number; name: string; short_name: string; reorder_level: number; reservation_time: number }[] = await db('ticket_types')
    .select('id', 'name', 'short_name', 'reorder_level', 'reservation_time')
    .orderByRaw('lower(name), id');
  return types.map((t) => {
    const f = byType.get(t.id);
    const available = f?.available ?? 0;
    return {
      id: t.id,
      name: t.name,
      shortName: t.short_name,
      reorderLevel: t.reorder_level,
      reservationTime: t.reservation_time,
      available,
      reserved: f?.reserved ?? 0,
      oldestReservedAt: f?.oldest ? new Date(f.oldest).toISOString() : null,
      expired: f?.expired ?? 0,
      freezed: f?.freezed ?? 0,
      expiresIn5Days: f?.soon ?? 0,
      lowStock: available < t.reorder_level,
    };
  });
}

/**
 * `GET /api/tickets/types`: every ticket type, sorted by name, with the caller's supplier's figures (as the stock
 * page counts them); a caller of no supplier (an agent, the platform) holds no stock, so its figures are zero.
 * The figures the reference data carries for a type are a catalogue's sample, not anybody's stock.
 */
export async function ticketTypesOf(db: Knex, supplierId: number | null, today: string): Promise<TicketTypeView[]> {
  const rows = supplierId === null ? await ticketTypesWithNoStock(db) : await ticketStockOf(db, supplierId, today);
  return rows
    .map(({ id, name, shortName, reorderLevel, reservationTime, available, expired, freezed, expiresIn5Days }) => ({ id, name, shortName, reorderLevel, reservationTime, available, expired, freezed, expiresIn5Days }))
    .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}

async function ticketTypesWithNoStock(db: Knex): Promise<TicketTypeView[]> {
  const types: { id: number; name: string; shortName: string; reorderLevel: number; reservationTime: number }[] = await db('ticket_types').select(
    'id',
    'name',
    'short_name as shortName',
    'reorder_level as reorderLevel',
    'reservation_time as reservationTime',
  );
  return types.map((t) => ({ ...t, available: 0, expired: 0, freezed: 0, expiresIn5Days: 0 }));
}

/** One ticket type's name (reference data: a lookup whose lag is harmless); null when unknown. */
export async function ticketTypeName(db: Knex, id: number): Promise<string | null> {
  const row = await db('ticket_types').select('name').where({ id }).first<{ name: string } | undefined>();
  return row?.name ?? null;
}
