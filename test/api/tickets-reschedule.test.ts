import { bookingForTickets, type BookingView } from '@tbo/booking';
import { addDays } from '@tbo/scheduling';
import { bookableSetup, bookingBody, versionOf, type BookableSetup } from '../support/booking';
import { pdfFlatText, pdfQr } from '../support/documents';
import { eventually } from '../support/photos';
import { seedDemo } from '../support/reference';
import { startTicketWorker } from '../support/tickets';
import { apiWithWorker } from '../support/worker-suite';

type StockRow = { id: number; available: number; reserved: number };

/*
 * Attraction tickets through a reschedule, end to end: an offer on a Live slot and one on an On Request slot
 * (two suppliers), each requiring tickets of one type. Each stock holds codes expiring two days after the first
 * booking date (given first: earliest expiry first) and codes valid for years. The tickets process manager and
 * worker run in this process.
 */
describe('tickets: a reschedule gives back the codes that no longer fit and takes new ones', () => {
  const { api, startWorker } = apiWithWorker('tickets-reschedule', startTicketWorker);
  let live: BookableSetup;
  let onRequest: BookableSetup;
  let ticketTypeId: number;

  const soonOf = (s: BookableSetup) => [1, 2].map((i) => ({ code: `RS${s.supplierId}-SOON-${i}`, expiresOn: addDays(s.date, 2) }));
  const lateOf = (s: BookableSetup) => Array.from({ length: 6 }, (_, i) => ({ code: `RS${s.supplierId}-LATE-${i + 1}`, expiresOn: '2099-12-31' }));
  const codes = (v: BookingView) => (v.tickets ?? []).map((t) => t.code).sort();

  const stockOf = async (s: BookableSetup): Promise<StockRow> => {
    const res = await api.http.get('/api/tickets/stock').set(s.admin);
    expect(res.status).toBe(200);
    return (res.body.Content as StockRow[]).find((r) => r.id === ticketTypeId)!;
  };
  const stockBecomes = (s: BookableSetup, available: number, reserved: number) =>
    eventually(async () => {
      const row = await stockOf(s);
      return row.available === available && row.reserved === reserved ? row : undefined;
    }, 30_000, `stock ${available} available, ${reserved} reserved`);
  /** Who holds each of these codes in the stock's read table (null: back in stock). */
  const holders = async (s: BookableSetup, list: string[]) => {
    const rows = await api.db('ticket_codes').select('code', 'booking_id').where({ supplier_id: s.supplierId, ticket_type_id: ticketTypeId }).whereIn('code', list).orderBy('code');
    return Object.fromEntries(rows.map((r: { code: string; booking_id: number | null }) => [r.code, r.booking_id]));
  };
  /** The booking once the worker has settled it as `done` says. */
  const settled = (id: number, done: (v: BookingView) => boolean) =>
    eventually(async () => {
      const v = await bookingForTickets(api.store, id);
      return v && done(v) ? v : undefined;
    }, 30_000, `booking ${id}'s tickets`);
  const holding = (count: number, date: string) => (v: BookingView) => v.status === 0 && (v.tickets?.length ?? 0) === count && v.date === date && v.tickets!.every((t) => t.expiresOn >= date);
  /** A booking by the setup's agent, made with the status expected (0 confirmed, 1 pending); its id. */
  const book = async (s: BookableSetup, over: Record<string, unknown>, status: 0 | 1): Promise<number> => {
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, over));
    expect(created.status).toBe(200);
    expect(created.body.Content.status).toBe(status);
    return created.body.Content.id as number;
  };
  const reschedule = async (s: BookableSetup, id: number, body: { date: string; adults: number }) => api.http.post(`/api/bookings/${id}/reschedule`).set(s.operations).send({ timeSlotId: s.timeSlotId, ...body, version: await versionOf(api, id) });
  const download = async (s: BookableSetup, id: number) => {
    const res = await api.http.get(`/api/agent/bookings/downloadtickets/${id}`).set(s.agent);
    expect(res.status).toBe(200);
    return Buffer.from(res.body.Content as string, 'base64');
  };

  beforeAll(async () => {
    await seedDemo(api.app);
    ticketTypeId = (await api.db('ticket_types').select('id').orderBy('id').first<{ id: number }>()).id;
    const offer = { isTicketsRequired: true, ticketsTypes: [0, 1, 2].map((type) => ({ type, ticketTypeId })), infantsAllowed: true };
    live = await bookableSetup(api, { capacity: 100, tour: { nameDisplay: 'Frame Reschedule' }, offer });
    onRequest = await bookableSetup(api, { slotType: 1, capacity: 100, tour: { nameDisplay: 'Frame On Request' }, offer });
    for (const s of [live, onRequest]) {
      const loaded = await api.http.post(`/api/tickets/stock/${ticketTypeId}/codes`).set(s.admin).send({ codes: [...soonOf(s), ...lateOf(s)] });
      expect(loaded.status).toBe(200);
    }
    await startWorker([live.supplierId, onRequest.supplierId]);
  }, 120_000);

  it('2 adults rescheduled a week later with 4: the booking holds 4 codes valid on the new date, the expired ones are back in stock', async () => {
    const s = live;
    const id = await book(s, { adults: 2, guestName: 'Rita Reschedule' }, 0);
    const first = await settled(id, holding(2, s.date));
    expect(codes(first)).toEqual(soonOf(s).map((c) => c.code));
    await stockBecomes(s, 6, 2);

    const later = addDays(s.date, 7);
    const moved = await reschedule(s, id, { date: later, adults: 4 });
    expect(moved.status).toBe(200);
    expect(moved.body.Content).toMatchObject({ date: later, adults: 4, status: 0 });
    const now = await settled(id, holding(4, later));
    expect(codes(now)).toEqual(lateOf(s).slice(0, 4).map((c) => c.code));
    expect(now.tickets!.map((t) => t.category)).toEqual([0, 0, 0, 0]);
    expect(now.ticketsShortReason ?? null).toBeNull();
    await stockBecomes(s, 4, 4);
    expect(await holders(s, soonOf(s).map((c) => c.code))).toEqual(Object.fromEntries(soonOf(s).map((c) => [c.code, null])));
    const history = await api.http.get(`/api/bookings/${id}/history`).set(s.operations);
    expect((history.body.Content as { type: string }[]).map((e) => e.type)).toEqual(expect.arrayContaining(['BookingRescheduled', 'BookingTicketsReturned']));

    // The tickets download shows the new codes, one page each, for the new date.
    const pdf = await download(s, id);
    const text = await pdfFlatText(pdf);
    for (const code of codes(now)) expect(text).toContain(code);
    for (const old of soonOf(s)) expect(text).not.toContain(old.code);
    expect(text).toContain('Ticket 1 of 4');
    expect(await pdfQr(pdf)).toBe(now.tickets![0]!.code);

    // Fewer guests: the surplus goes back, the booking keeps one code.
    const fewer = await reschedule(s, id, { date: later, adults: 1 });
    expect(fewer.status).toBe(200);
    const one = await settled(id, holding(1, later));
    expect(codes(one)).toHaveLength(1);
    await stockBecomes(s, 7, 1);
    const text1 = await pdfFlatText(await download(s, id));
    expect(text1).toContain('Ticket 1 of 1');
    expect(text1).toContain(one.tickets![0]!.code);
  });

  it('rescheduled right after it was booked (the two jobs queued together): it ends with codes for its new counts only', async () => {
    const s = live;
    const id = await book(s, { adults: 1, guestName: 'Quick Change' }, 0);
    const later = addDays(s.date, 8);
    expect((await reschedule(s, id, { date: later, adults: 3 })).status).toBe(200);
    const now = await settled(id, holding(3, later));
    // 7 available before: the other booking holds one code; this one holds 3, and nothing else is held for it.
    await stockBecomes(s, 4, 4);
    const held = await api.db('ticket_codes').where({ supplier_id: s.supplierId, booking_id: id }).pluck('code');
    expect(held.sort()).toEqual(codes(now));
  });

  it('rescheduled on an On Request slot goes back to pending and gives its codes back; confirmed, it takes codes for the new date', async () => {
    const s = onRequest;
    const id = await book(s, { adults: 2, guestName: 'Olga On Request' }, 1);
    expect((await api.http.post(`/api/bookings/${id}/confirm`).set(s.operations).send({})).status).toBe(200);
    const first = await settled(id, holding(2, s.date));
    expect(codes(first)).toEqual(soonOf(s).map((c) => c.code));

    const later = addDays(s.date, 6);
    const moved = await reschedule(s, id, { date: later, adults: 2 });
    expect(moved.status).toBe(200);
    expect(moved.body.Content.status).toBe(1);
    const pending = await settled(id, (v) => v.status === 1 && (v.tickets?.length ?? 0) === 0);
    expect(pending.date).toBe(later);
    await stockBecomes(s, 8, 0);
    const notYet = await api.http.get(`/api/agent/bookings/downloadtickets/${id}`).set(s.agent);
    expect(notYet.status).toBe(409);

    // Before, this confirmation answered 'already allocated' and kept the codes that expire before the new date.
    expect((await api.http.post(`/api/bookings/${id}/confirm`).set(s.operations).send({})).status).toBe(200);
    const now = await settled(id, holding(2, later));
    expect(codes(now)).toEqual(lateOf(s).slice(0, 2).map((c) => c.code));
    await stockBecomes(s, 6, 2);
    expect(await holders(s, soonOf(s).map((c) => c.code))).toEqual(Object.fromEntries(soonOf(s).map((c) => [c.code, null])));
  });
});
