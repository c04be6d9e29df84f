import { bookingForTickets, type BookingView } from '@tbo/booking';
import { bookingReference } from '@tbo/documents';
import { bookableSetup, bookingBody, type BookableSetup } from '../support/booking';
import { pdfFlatText, pdfQr } from '../support/documents';
import { eventually } from '../support/photos';
import { seedDemo } from '../support/reference';
import { startTicketWorker } from '../support/tickets';
import { apiWithWorker } from '../support/worker-suite';

type Envelope<T = unknown> = { IsOk: boolean; Code: number; Content: T; ErrorTitle: string | null; ErrorMessage: string | null; FileName?: string };
type StockRow = { id: number; available: number; reserved: number; expired: number; freezed: number; expiresIn5Days: number; reorderLevel: number; lowStock: boolean; oldestReservedAt: string | null };

/*
 * Attraction tickets end to end: a supplier's offer requires tickets of one type; its admin loads 15 codes;
 * 20 pending bookings are confirmed at once. The tickets process manager and worker run in this process.
 */
describe('tickets: stock, allocation on confirmation, return on cancellation, the tickets download', () => {
  const { api, startWorker } = apiWithWorker('tickets', startTicketWorker);
  let s: BookableSetup;
  let other: BookableSetup;
  let ticketTypeId: number;
  const ids: number[] = [];
  const CODES = Array.from({ length: 15 }, (_, i) => `DF-${String(i + 1).padStart(4, '0')}`);

  const stockOf = async (position?: string | null): Promise<StockRow> => {
    const res = await api.http.get(`/api/tickets/stock${position ? `?after=${position}` : ''}`).set(s.admin);
    expect(res.status).toBe(200);
    return (res.body.Content as StockRow[]).find((r) => r.id === ticketTypeId)!;
  };
  /** The booking once the worker has decided on its tickets (codes held, or short with a reason). */
  const settledView = (id: number, done: (v: BookingView) => boolean = (v) => (v.tickets?.length ?? 0) > 0 || !!v.ticketsShortReason) =>
    eventually(async () => {
      const v = await bookingForTickets(api.store, id);
      return v && done(v) ? v : undefined;
    }, 30_000, `booking ${id}'s tickets`);

  beforeAll(async () => {
    await seedDemo(api.app);
    ticketTypeId = (await api.db('ticket_types').select('id').orderBy('id').first<{ id: number }>()).id;
    const ticketsTypes = [0, 1, 2].map((type) => ({ type, ticketTypeId }));
    s = await bookableSetup(api, { slotType: 1, capacity: 100, tour: { nameDisplay: 'Dubai Frame Visit' }, offer: { isTicketsRequired: true, ticketsTypes, infantsAllowed: true } });
    other = await bookableSetup(api);
    await startWorker([s.supplierId, other.supplierId]);
  }, 120_000);

  it('loads codes typed or previewed: duplicates in the list and codes already in stock are refused with a clear message', async () => {
    const preview = await api.http.post(`/api/tickets/stock/${ticketTypeId}/preview`).set(s.admin).send({ text: `${CODES.slice(0, 10).map((c) => `${c}\t2099-12-31`).join('\n')}\nDF-0001 2099-12-31\nbad code 31.12.2099` });
    expect(preview.status).toBe(200);
    expect(preview.body.Content.accepted).toHaveLength(10);
    expect(preview.body.Content.refused.map((r: { line: number; reason: string }) => [r.line, r.reason])).toEqual([
      [11, 'Listed more than once'],
      [12, 'Not a valid expiry date (YYYY-MM-DD or DD.MM.YYYY)'],
    ]);
    const first = await api.http.post(`/api/tickets/stock/${ticketTypeId}/codes`).set(s.admin).send({ codes: preview.body.Content.accepted });
    expect(first.status).toBe(200);
    const again = await api.http.post(`/api/tickets/stock/${ticketTypeId}/codes`).set(s.admin).send({ codes: [{ code: 'DF-0003', expiresOn: '2099-12-31' }, { code: 'DF-0011', expiresOn: '2099-12-31' }] });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ IsOk: false, ErrorMessage: 'Already in stock: DF-0003' });
    const twice = await api.http.post(`/api/tickets/stock/${ticketTypeId}/codes`).set(s.admin).send({ codes: [{ code: 'DF-0011', expiresOn: '2099-12-31' }, { code: 'DF-0011', expiresOn: '2099-12-31' }] });
    expect(twice.body).toMatchObject({ IsOk: false, ErrorMessage: 'Listed more than once: DF-0011' });
    const rest = await api.http.post(`/api/tickets/stock/${ticketTypeId}/codes`).set(s.admin).send({ codes: CODES.slice(10).map((code) => ({ code, expiresOn: '2099-12-31' })) });
    expect(rest.status).toBe(200);
    const stock = await stockOf(rest.body.Content.position);
    expect(stock).toMatchObject({ available: 15, reserved: 0, expired: 0, freezed: 0, expiresIn5Days: 0 });
    expect(stock.lowStock).toBe(15 < stock.reorderLevel);
    // Another supplier's stock of the same type is its own; an agent may not see any.
    expect((await api.http.get('/api/tickets/stock').set(other.admin)).body.Content.find((r: StockRow) => r.id === ticketTypeId)).toMatchObject({ available: 0 });
    expect((await api.http.get('/api/tickets/stock').set(s.agent)).status).toBe(403);
    // The types list every signed-in user reads carries the same figures, each caller's own (an agent holds none).
    const typeOf = async (who: Record<string, string>) => ((await api.http.get('/api/tickets/types').set(who)).body.Content as StockRow[]).find((r) => r.id === ticketTypeId);
    expect(await typeOf(s.admin)).toMatchObject({ available: 15, expired: 0, freezed: 0, expiresIn5Days: 0 });
    expect(await typeOf(other.admin)).toMatchObject({ available: 0 });
    expect(await typeOf(s.agent)).toMatchObject({ available: 0, expired: 0, freezed: 0, expiresIn5Days: 0 });
  });

  it('20 confirmations at once against 15 codes: 15 bookings get distinct codes, 5 are left pending with the reason', async () => {
    for (let i = 0; i < 20; i++) {
      const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { guestName: `Guest ${i + 1}` }));
      expect(created.status).toBe(200);
      expect(created.body.Content.status).toBe(1);
      ids.push(created.body.Content.id);
    }
    const confirmed = await Promise.all(ids.map((id) => api.http.post(`/api/bookings/${id}/confirm`).set(s.operations).send({})));
    expect(confirmed.map((r) => r.status)).toEqual(ids.map(() => 200));
    const views = await Promise.all(ids.map((id) => settledView(id)));
    const withCodes = views.filter((v) => (v.tickets?.length ?? 0) > 0);
    const short = views.filter((v) => !v.tickets?.length);
    expect(withCodes).toHaveLength(15);
    expect(new Set(withCodes.flatMap((v) => v.tickets!.map((t) => t.code)))).toEqual(new Set(CODES));
    expect(short).toHaveLength(5);
    for (const v of short) {
      expect(v.status).toBe(1);
      expect(v.ticketsShortReason).toMatch(/^Not enough tickets ".+" for \d\d\.\d\d\.\d{4}: 1 needed, 0 available$/);
    }
    const stock = await eventually(async () => {
      const row = await stockOf();
      return row.reserved === 15 ? row : undefined;
    });
    expect(stock).toMatchObject({ available: 0, reserved: 15, lowStock: true });
    expect(stock.oldestReservedAt).not.toBeNull();

    // The details show it: canDownloadTickets only with codes; the short one pending, with its reason in the history.
    const one = withCodes[0]!;
    const pending = short[0]!;
    const detailsOf = (id: number) => eventually(async () => {
      const res = await api.http.get(`/api/agent/bookings/${id}`).set(s.agent);
      return res.body.Content?.canDownloadTickets !== undefined && (res.body.Content.tickets?.length || res.body.Content.ticketsShortReason) ? res.body.Content : undefined;
    });
    expect(await detailsOf(one.id)).toMatchObject({ canDownloadTickets: true, status: 0 });
    expect(await detailsOf(pending.id)).toMatchObject({ canDownloadTickets: false, status: 1, ticketsShortReason: pending.ticketsShortReason });
    const history = await api.http.get(`/api/bookings/${pending.id}/history`).set(s.operations);
    const entry = (history.body.Content as { type: string; changes: { field: string; after: unknown }[] }[]).find((e) => e.type === 'BookingTicketsShort')!;
    expect(entry.changes).toEqual(expect.arrayContaining([{ field: 'status', before: 0, after: 1 }, { field: 'ticketsShortReason', after: pending.ticketsShortReason }].map((c) => expect.objectContaining(c))));
  });

  it('the tickets download: the wrapper with the PDF as base64, one QR per code, for its owners only', async () => {
    const view = (await bookingForTickets(api.store, ids[0]!))!.tickets?.length ? (await bookingForTickets(api.store, ids[0]!))! : (await Promise.all(ids.map((id) => bookingForTickets(api.store, id)))).find((v) => v?.tickets?.length)!;
    const res = await api.http.get(`/api/agent/bookings/downloadtickets/${view.id}`).set(s.agent);
    expect(res.status).toBe(200);
    const body = res.body as Envelope<string>;
    expect(Object.keys(body).sort()).toEqual(['Code', 'Content', 'ErrorMessage', 'ErrorTitle', 'FileName', 'IsOk']);
    expect(body).toMatchObject({ IsOk: true, FileName: `tickets-${view.id}.pdf`, ErrorTitle: null });
    const pdf = Buffer.from(body.Content, 'base64');
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfFlatText(pdf);
    const code = view.tickets![0]!.code;
    for (const part of ['Dubai Frame Visit', code, view.guestName, '(Adult)', bookingReference(view.id), 'Ticket 1 of 1']) expect(text).toContain(part);
    expect(await pdfQr(pdf)).toBe(code);
    // The supplier's staff may download it too; another agency, another supplier and an agent of the agency who did not book it may not.
    expect((await api.http.get(`/api/agent/bookings/downloadtickets/${view.id}`).set(s.operations)).body.IsOk).toBe(true);
    for (const who of [other.agent, other.admin, other.accounts, s.agent2]) {
      const refused = await api.http.get(`/api/agent/bookings/downloadtickets/${view.id}`).set(who);
      expect(refused.status).toBe(404);
      expect(refused.body).toMatchObject({ IsOk: false, ErrorTitle: 'Not found' });
    }
    const pending = (await Promise.all(ids.map((id) => bookingForTickets(api.store, id)))).find((v) => v && !v.tickets?.length)!;
    const notYet = await api.http.get(`/api/agent/bookings/downloadtickets/${pending.id}`).set(s.agent);
    expect(notYet.status).toBe(409);
    expect(notYet.body).toMatchObject({ IsOk: false, ErrorTitle: 'Not available' });
  });

  it('a cancellation returns its codes, and a pending booking confirmed again takes them', async () => {
    const views = await Promise.all(ids.map((id) => bookingForTickets(api.store, id)));
    const holder = views.find((v) => v?.tickets?.length)!;
    const pending = views.find((v) => v && !v.tickets?.length)!;
    const cancelled = await api.http.post(`/api/agent/bookings/${holder.id}/cancel`).set(s.agent).send({ reason: 'Guest ill' });
    expect(cancelled.status).toBe(200);
    const returned = await settledView(holder.id, (v) => v.tickets?.length === 0);
    expect(returned.status).toBe(4);
    // Its tickets are not offered any more, in words that say why (not 'once it is confirmed').
    const gone = await api.http.get(`/api/agent/bookings/downloadtickets/${holder.id}`).set(s.agent);
    expect([gone.status, gone.body.ErrorMessage]).toEqual([409, 'The booking is cancelled: its tickets are no longer valid.']);
    expect((await eventually(async () => ((await stockOf()).available === 1 ? true : undefined)))).toBe(true);
    const again = await api.http.post(`/api/bookings/${pending.id}/confirm`).set(s.operations).send({});
    expect(again.status).toBe(200);
    const served = await settledView(pending.id, (v) => (v.tickets?.length ?? 0) > 0);
    expect(served.tickets!.map((t) => t.code)).toEqual(holder.tickets!.map((t) => t.code));
    expect(served.status).toBe(0);
    expect(served.ticketsShortReason).toBeNull();
  });
});
