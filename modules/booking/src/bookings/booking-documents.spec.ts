import { bookingEventSchemas, createEventRegistry, type BookingCreatedData } from '@tbo/event-schemas';
import { InMemoryEventStore, metadataOf, systemContext } from '@tbo/kernel';
import { BOOKING_STATUS } from '../pure/booking-status.pure';
import { changesDocuments } from '../pure/booking-documents.pure';
import { bookingForDocuments } from './booking-documents';

const ID = 1001;
const key = { id: ID, supplierId: 1 };
const created = { ...(bookingEventSchemas.find((d) => d.type === 'BookingCreated')!.example as BookingCreatedData), ...key, status: BOOKING_STATUS.normal, ticketsRequired: true, adults: 1, children: 0, infants: 0 };
const ticket = { ticketTypeId: 2, ticketTypeName: 'Dubai Frame', category: 0 as const, code: 'BK-7731-0001', expiresOn: '2099-12-31' };
const issued = (bookingVersion: number, kind = 'voucher') => ({ type: 'DocumentIssued', data: { ...key, kind, language: 'eng', bookingVersion, storageKey: `documents/1/${ID}/${bookingVersion}/${kind}-eng.pdf`, checksum: 'a'.repeat(64), bytes: 100 } });

async function storeWith(events: { type: string; data: Record<string, unknown> }[]) {
  const store = new InMemoryEventStore(createEventRegistry());
  await store.appendToStream(`booking-${ID}`, events, { expectedRevision: 'no_stream', metadata: metadataOf(systemContext('test')) });
  return store;
}

describe('a booking as its documents show it', () => {
  it("freezes a version's invoice and vouchers at the event that started it: a later completion, check-in or ticket record is not in them", async () => {
    const store = await storeWith([
      { type: 'BookingCreated', data: created }, // 0: version 0
      { type: 'BookingTicketsAllocated', data: { ...key, tickets: [ticket] } }, // 1
      issued(0),
      { type: 'BookingCompleted', data: key }, // 3
      { type: 'BookingRedeemed', data: { ...key, at: '2026-12-05T05:20:00.000Z', byUserId: 'guide@test.local', byName: 'Karim' } }, // 4
    ]);
    const v0 = (await bookingForDocuments(store, ID, 0))!;
    expect(v0.version).toBe(0);
    expect(v0.currentVersion).toBe(0);
    // As BookingCreated left it: confirmed, no codes yet, no check-in; its revision the version's.
    expect(v0.view.status).toBe(BOOKING_STATUS.normal);
    expect(v0.view.version).toBe(0);
    expect(v0.view.tickets ?? []).toEqual([]);
    expect(v0.view.checkIn).toBeNull();
    // The tickets PDF shows the codes the version came to hold, on the same frozen booking.
    expect(v0.ticketsView.tickets).toEqual([ticket]);
    expect(v0.ticketsView.status).toBe(BOOKING_STATUS.normal);
    expect(v0.documents).toHaveLength(1);
    // Asked for the booking now: as the last event left it.
    const now = (await bookingForDocuments(store, ID))!;
    expect(now.view.status).toBe(BOOKING_STATUS.completed);
    expect(now.view.checkIn).toMatchObject({ kind: 'redeemed' });
    expect(now.version).toBe(0);
  });

  it('the same version read before and after later events of it is the same booking', async () => {
    const before = await storeWith([{ type: 'BookingCreated', data: created }]);
    const after = await storeWith([{ type: 'BookingCreated', data: created }, { type: 'BookingTicketsAllocated', data: { ...key, tickets: [ticket] } }, { type: 'BookingCompleted', data: key }]);
    const a = (await bookingForDocuments(before, ID, 0))!;
    const b = (await bookingForDocuments(after, ID, 0))!;
    expect(b.view).toEqual(a.view);
    expect([b.cancelled, b.declined, b.version]).toEqual([a.cancelled, a.declined, a.version]);
  });

  it('a shortage of ticket codes starts a version: the booking back to pending gets its own invoice and vouchers', async () => {
    expect(changesDocuments('BookingTicketsShort')).toBe(true);
    const store = await storeWith([
      { type: 'BookingCreated', data: created }, // 0
      issued(0),
      { type: 'BookingTicketsShort', data: { ...key, reason: 'Not enough tickets' } }, // 2: version 2
    ]);
    const now = (await bookingForDocuments(store, ID))!;
    expect(now.currentVersion).toBe(2);
    expect(now.view.status).toBe(BOOKING_STATUS.pending);
    // Version 0's voucher still says confirmed, version 2's pending: the voucher number tells them apart.
    expect((await bookingForDocuments(store, ID, 0))!.view.status).toBe(BOOKING_STATUS.normal);
    expect((await bookingForDocuments(store, ID, 2))!.view.status).toBe(BOOKING_STATUS.pending);
  });

  it('null for a revision that started no version, or a booking that does not exist', async () => {
    const store = await storeWith([{ type: 'BookingCreated', data: created }, { type: 'BookingTicketsAllocated', data: { ...key, tickets: [ticket] } }, { type: 'BookingCompleted', data: key }]);
    expect(await bookingForDocuments(store, ID, 1)).toBeNull();
    expect(await bookingForDocuments(store, ID, 2)).toBeNull();
    expect(await bookingForDocuments(store, ID, 5)).toBeNull();
    expect(await bookingForDocuments(store, ID + 1)).toBeNull();
  });
});
