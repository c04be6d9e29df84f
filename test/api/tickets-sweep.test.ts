import { bookingForTickets, type BookingView } from '@tbo/booking';
import { CommandRunner } from '@tbo/kernel';
import { addDays } from '@tbo/scheduling';
import { processTicketJob, sweepTickets, unsettledTicketBookings, type DocumentsDeps, type TicketsSweepOutcome } from '@tbo/documents';
import { bookableSetup, bookingBody, versionOf, type BookableSetup } from '../support/booking';
import { eventually } from '../support/photos';
import { startTicketWorker } from '../support/tickets';
import { seedDemo } from '../support/reference';
import { apiWithWorker, type WorkerDeps } from '../support/worker-suite';

/** Bookings (by id) and new bookings (by guest name) whose events queue no tickets job: the job that ran out of attempts. */
const noJobFor = new Set<number | string>();
let sweepDeps: DocumentsDeps;

const startWorker = (deps: WorkerDeps) =>
  startTicketWorker(deps, {
    skip: (event) => {
      const d = event.data as { id?: number; guestName?: string };
      return noJobFor.has(d.id ?? -1) || noJobFor.has(d.guestName ?? '');
    },
    started: (used) => {
      sweepDeps = used;
    },
  });

/*
 * The tickets sweep: a booking's tickets job that ran out of attempts (here: never queued, the process manager's
 * checkpoint past the event all the same) leaves it unsettled until the periodic sweep runs the same job for it.
 */
describe('tickets: the sweep settles bookings whose tickets job gave up', () => {
  const { api, startWorker: start } = apiWithWorker('tickets-sweep', startWorker);
  let s: BookableSetup;
  let ticketTypeId: number;
  const runner = () => new CommandRunner(api.store);
  const CODES = Array.from({ length: 6 }, (_, i) => `SW-${String(i + 1).padStart(4, '0')}`);

  /** One sweep run over this file's supplier, as the worker's job runs it (`later`: its bookings changed over a minute ago). */
  const sweep = (later = true): Promise<TicketsSweepOutcome> => {
    const r = runner();
    return sweepTickets(sweepDeps, (job) => processTicketJob(sweepDeps, r, job), { suppliers: [s.supplierId], now: new Date(Date.now() + (later ? 120_000 : 0)) });
  };
  /** The read tables show the booking unsettled (the sweep's trigger). */
  const unsettled = (id: number) => eventually(async () => ((await unsettledTicketBookings(api.db, 100, [s.supplierId])).includes(id) ? true : undefined), 20_000, `booking ${id} unsettled`);
  const settled = (id: number, done: (v: BookingView) => boolean) =>
    eventually(async () => {
      const v = await bookingForTickets(api.store, id);
      return v && done(v) ? v : undefined;
    }, 30_000, `booking ${id}'s tickets`);
  /** Who holds each code in the stock's read table (null: back in stock). */
  const holders = async () => {
    const rows = await api.db('ticket_codes').select('code', 'booking_id').where({ supplier_id: s.supplierId, ticket_type_id: ticketTypeId }).orderBy('code');
    return Object.fromEntries(rows.map((r: { code: string; booking_id: number | null }) => [r.code, r.booking_id]));
  };
  const holdersBecome = (expected: Record<string, number | null>) =>
    eventually(async () => {
      const now = await holders();
      return JSON.stringify(now) === JSON.stringify(expected) ? now : undefined;
    }, 20_000, `stock holders ${JSON.stringify(expected)}`);
  const ticketEvents = async (id: number) => (await api.store.readStream(`booking-${id}`)).filter((e) => e.type.startsWith('BookingTickets')).map((e) => ({ type: e.type, reason: (e.data as { reason?: string }).reason }));

  beforeAll(async () => {
    await seedDemo(api.app);
    ticketTypeId = (await api.db('ticket_types').select('id').orderBy('id').first<{ id: number }>()).id;
    const offer = { isTicketsRequired: true, ticketsTypes: [0, 1, 2].map((type) => ({ type, ticketTypeId })), infantsAllowed: true };
    s = await bookableSetup(api, { capacity: 100, tour: { nameDisplay: 'Frame Sweep' }, offer });
    const loaded = await api.http.post(`/api/tickets/stock/${ticketTypeId}/codes`).set(s.admin).send({ codes: CODES.map((code) => ({ code, expiresOn: '2099-12-31' })) });
    expect(loaded.status).toBe(200);
    await start([s.supplierId]);
  }, 120_000);

  it('a booking cancelled while its return job cannot run: one sweep gives its codes back to stock and records the return', async () => {
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 2, guestName: 'Carl Cancelled' }));
    expect(created.status).toBe(200);
    expect(created.body.Content.status).toBe(0);
    const id = created.body.Content.id as number;
    const holding = await settled(id, (v) => v.tickets?.length === 2);
    const codes = holding.tickets!.map((t) => t.code).sort();
    noJobFor.add(id);
    const cancelled = await api.http.post(`/api/agent/bookings/${id}/cancel`).set(s.agent).send({ reason: 'Guest ill' });
    expect(cancelled.status).toBe(200);
    await unsettled(id);
    // Its codes are still sellable after its date has passed, so it stays a candidate then; once they have expired, not.
    const candidateOn = async (today: string) => (await unsettledTicketBookings(api.db, 100, [s.supplierId], today)).includes(id);
    expect(await candidateOn(addDays(s.date, 1))).toBe(true);
    expect(await candidateOn('2100-01-01')).toBe(false);
    // As the worker runs it, over every supplier with bookings.
    expect(await unsettledTicketBookings(api.db, 10_000)).toContain(id);
    // Nothing gives them back by itself: the codes stay held by the cancelled booking.
    expect((await bookingForTickets(api.store, id))!.tickets!.map((t) => t.code).sort()).toEqual(codes);
    expect(Object.entries(await holders()).filter(([, b]) => b === id).map(([c]) => c)).toEqual(codes);

    // Cancelled a moment ago: left to its own job (in flight, or retrying) for a minute.
    const early = await sweep(false);
    expect(early.settled.map((x) => x.bookingId)).not.toContain(id);
    expect(early.recent).toBeGreaterThanOrEqual(1);

    const run = await sweep();
    expect(run.settled).toEqual(expect.arrayContaining([expect.objectContaining({ bookingId: id, action: 'return', outcome: { returned: 2 } })]));
    const view = (await bookingForTickets(api.store, id))!;
    expect(view.status).toBe(4);
    expect(view.tickets).toEqual([]);
    expect(await ticketEvents(id)).toEqual([
      { type: 'BookingTicketsAllocated', reason: undefined },
      { type: 'BookingTicketsReturned', reason: 'cancelled' },
    ]);
    await holdersBecome(Object.fromEntries(CODES.map((c) => [c, null])));

    // Settled: the next sweep leaves it alone.
    await eventually(async () => ((await unsettledTicketBookings(api.db, 100, [s.supplierId])).includes(id) ? undefined : true));
    expect((await sweep()).settled.map((x) => x.bookingId)).not.toContain(id);
  });

  it('a confirmed booking left without codes (its allocate job never ran) takes them from the sweep', async () => {
    noJobFor.add('Nora Nocodes');
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 3, guestName: 'Nora Nocodes' }));
    expect(created.status).toBe(200);
    expect(created.body.Content.status).toBe(0);
    const id = created.body.Content.id as number;
    await unsettled(id);
    expect((await bookingForTickets(api.store, id))!.tickets ?? []).toEqual([]);
    // Only bookings from today on need codes: once its day has passed, the sweep no longer looks at it.
    expect(await unsettledTicketBookings(api.db, 100, [s.supplierId], s.date)).toContain(id);
    expect(await unsettledTicketBookings(api.db, 100, [s.supplierId], addDays(s.date, 1))).not.toContain(id);

    const run = await sweep();
    expect(run.settled).toEqual(expect.arrayContaining([expect.objectContaining({ bookingId: id, action: 'allocate', outcome: expect.objectContaining({ result: 'allocated' }) })]));
    const view = await settled(id, (v) => v.tickets?.length === 3);
    expect(view.status).toBe(0);
    expect(view.tickets!.map((t) => t.category)).toEqual([0, 0, 0]);
    const held = await eventually(async () => {
      const h = Object.entries(await holders()).filter(([, b]) => b === id);
      return h.length === 3 ? h.map(([c]) => c).sort() : undefined;
    });
    expect(held).toEqual(view.tickets!.map((t) => t.code).sort());
    // Its tickets download works, as after its own job.
    const res = await api.http.get(`/api/agent/bookings/downloadtickets/${id}`).set(s.agent);
    expect(res.body).toMatchObject({ IsOk: true });
  });

  it('a reschedule whose reallocate job never ran: the sweep swaps the codes that no longer fit', async () => {
    const created = await api.http.post('/api/agent/bookings').set(s.agent).send(bookingBody(s, { adults: 1, guestName: 'Rob Rescheduled' }));
    expect(created.status).toBe(200);
    const id = created.body.Content.id as number;
    await settled(id, (v) => v.tickets?.length === 1);
    noJobFor.add(id);
    const moved = await api.http.post(`/api/bookings/${id}/reschedule`).set(s.operations).send({ timeSlotId: s.timeSlotId, date: s.date, adults: 2, version: await versionOf(api, id) });
    expect(moved.status).toBe(200);
    await unsettled(id);

    const run = await sweep();
    expect(run.settled).toEqual(expect.arrayContaining([expect.objectContaining({ bookingId: id, action: 'reallocate' })]));
    const view = await settled(id, (v) => v.tickets?.length === 2);
    expect(view.adults).toBe(2);
    expect((await ticketEvents(id)).map((e) => e.reason ?? e.type)).toEqual(['BookingTicketsAllocated', 'rescheduled', 'BookingTicketsAllocated']);
  });
});
