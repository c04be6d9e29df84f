import type { TicketStockEvent } from '@tbo/event-schemas';
import { defineProjection } from '../runner/projection';

/** Rows per INSERT of a load (4 columns each: far below Postgres's bind parameter limit). */
const INSERT_CHUNK = 2_000;

/**
 * One row per ticket code of a supplier's stock, for the stock figures and the admin's list. Which code a
 * booking gets is decided on the stock stream, never here: these rows only count. Figures that depend on the
 * day (expired, expiring in 5 days) are counted at query time from `expires_on`.
 */
export const ticketStockProjection = defineProjection<TicketStockEvent>({
  name: 'ticket_stock',
  version: 1,
  handles: ['TicketCodesLoaded', 'TicketCodesFreezed', 'TicketCodesUnfreezed', 'TicketCodesAllocated', 'TicketCodesReturned'],
  tables: {
    ticket_codes: (t) => {
      t.integer('supplier_id').notNullable();
      t.integer('ticket_type_id').notNullable();
      t.string('code', 100).notNullable();
      t.date('expires_on').notNullable();
      t.boolean('freezed').notNullable().defaultTo(false);
      t.integer('booking_id');
      t.timestamp('reserved_at', { useTz: true });
      t.primary(['supplier_id', 'ticket_type_id', 'code']);
    },
  },
  async apply({ trx, table }, event) {
    const codes = table('ticket_codes');
    const d = event.data;
    const key = { supplier_id: d.supplierId, ticket_type_id: d.ticketTypeId };
    switch (event.type) {
      case 'TicketCodesLoaded': {
        const rows = event.data.codes.map((c) => ({ ...key, code: c.code, expires_on: c.expiresOn }));
        for (let i = 0; i < rows.length; i += INSERT_CHUNK) await trx(codes).insert(rows.slice(i, i + INSERT_CHUNK)).onConflict(['supplier_id', 'ticket_type_id', 'code']).ignore();
        return;
      }
      case 'TicketCodesFreezed':
      case 'TicketCodesUnfreezed':
        await trx(codes).where(key).whereIn('code', event.data.codes).update({ freezed: event.type === 'TicketCodesFreezed' });
        return;
      case 'TicketCodesAllocated':
        await trx(codes).where(key).whereIn('code', event.data.codes).update({ booking_id: event.data.bookingId, reserved_at: event.recordedAt });
        return;
      case 'TicketCodesReturned':
        await trx(codes).where({ ...key, booking_id: event.data.bookingId }).whereIn('code', event.data.codes).update({ booking_id: null, reserved_at: null });
        return;
    }
  },
});
