import type { Knex } from 'knex';
import { bookingForTickets, canDownloadTickets, ticketsFit, type BookingView } from '@tbo/booking';
import { offerStream } from '@tbo/catalog';
import { createEventRegistry, recordedAs, type TicketStockEvent } from '@tbo/event-schemas';
import { CommandRunner, fold, InMemoryEventStore, metadataOf, systemContext } from '@tbo/kernel';
import { allocateTickets, type AllocateOptions } from './ticket-allocation';
import { loadTicketCodes, ticketStockDecider, ticketStockStream } from './ticket-stock';

/*
 * A booking's codes through a reschedule, on an in-memory store: the booking's stream, its offer's (adults and
 * children take "Frame" codes, infants "Frame infant" ones) and the two stock streams. The job is the one the
 * tickets worker runs for BookingRescheduled (`rescheduled: true`) or for a confirmation.
 */
const SUPPLIER = 1;
const BOOKING = 1001;
const FRAME = 7;
const INFANT = 8;
const TODAY = '2026-11-01';

const registry = createEventRegistry();
const example = (type: string): Record<string, unknown> => structuredClone(registry.definitions().find((d) => d.type === type)!.example) as Record<string, unknown>;
/** The ticket types' names, as the read table answers them. */
const db = (() => ({ select: () => ({ where: ({ id }: { id: number }) => ({ first: async () => ({ name: id === FRAME ? 'Frame' : 'Frame infant' }) }) }) })) as unknown as Knex;

interface Counts {
  date: string;
  adults: number;
  children?: number;
  infants?: number;
}

async function setUp(first: Counts = { date: '2026-12-01', adults: 2 }) {
  const store = new InMemoryEventStore(registry);
  const append = (stream: string, type: string, data: Record<string, unknown>) => store.appendToStream(stream, [{ type, data }], { expectedRevision: 'any', metadata: metadataOf(systemContext('spec')) });
  await append(offerStream(1), 'OfferCreated', { id: 1, supplierId: SUPPLIER, tourId: 1 });
  await append(offerStream(1), 'OfferDetailsChanged', {
    ...example('OfferDetailsChanged'),
    id: 1,
    supplierId: SUPPLIER,
    isTicketsRequired: true,
    ticketsTypes: [
      { type: 0, ticketTypeId: FRAME },
      { type: 1, ticketTypeId: FRAME },
      { type: 2, ticketTypeId: INFANT },
    ],
  });
  const runner = new CommandRunner(store);
  const context = systemContext('spec');
  // Two Frame codes expire on 5 Dec (given first: earliest expiry first), six more next year; three infant codes.
  const frame = [
    { code: 'F-SOON-1', expiresOn: '2026-12-05' },
    { code: 'F-SOON-2', expiresOn: '2026-12-05' },
    ...Array.from({ length: 6 }, (_, i) => ({ code: `F-LATE-${i + 1}`, expiresOn: '2027-12-31' })),
  ];
  await loadTicketCodes(runner, { supplierId: SUPPLIER, ticketTypeId: FRAME, codes: frame, today: TODAY }, context);
  await loadTicketCodes(runner, { supplierId: SUPPLIER, ticketTypeId: INFANT, codes: [1, 2, 3].map((i) => ({ code: `I-${i}`, expiresOn: '2027-12-31' })), today: TODAY }, context);
  const counts = (c: Counts) => ({ date: c.date, adults: c.adults, children: c.children ?? 0, infants: c.infants ?? 0 });
  await append(`booking-${BOOKING}`, 'BookingCreated', { ...example('BookingCreated'), id: BOOKING, supplierId: SUPPLIER, offerId: 1, ticketsRequired: true, status: 0, ...counts(first) });

  const job = (options: AllocateOptions = {}, by = new CommandRunner(store)) => allocateTickets({ store, db }, by, BOOKING, options);
  return {
    store,
    job,
    /** The reschedule the booking module records (status 1: back to pending on an On Request slot). */
    reschedule: (to: Counts, status: 0 | 1 = 0) => append(`booking-${BOOKING}`, 'BookingRescheduled', { ...example('BookingRescheduled'), id: BOOKING, supplierId: SUPPLIER, status, ...counts(to) }),
    confirm: () => append(`booking-${BOOKING}`, 'BookingConfirmed', { id: BOOKING, supplierId: SUPPLIER }),
    view: async (): Promise<BookingView> => (await bookingForTickets(store, BOOKING))!,
    /** Every code each stock stream gives the booking, and who holds the codes named. */
    stock: async () => {
      const states = await Promise.all([FRAME, INFANT].map(async (t) => fold(ticketStockDecider, recordedAs<TicketStockEvent>(await store.readStream(ticketStockStream(SUPPLIER, t))))));
      return {
        held: states.flatMap((s) => s.byBooking.get(BOOKING) ?? []).sort(),
        holderOf: (code: string) => states.map((s) => s.codes.get(code)).find(Boolean)?.bookingId ?? null,
      };
    },
    bookingEvents: async () => (await store.readStream(`booking-${BOOKING}`)).map((e) => e.type),
  };
}

type Setup = Awaited<ReturnType<typeof setUp>>;
const codesOf = (v: BookingView) => (v.tickets ?? []).map((t) => t.code).sort();

/** What must hold once the jobs are done: the booking records exactly what the stock gives it, and it fits. */
async function expectSettled(s: Setup, want: { count: number; pending?: boolean }) {
  const view = await s.view();
  const stock = await s.stock();
  expect(codesOf(view)).toEqual(stock.held);
  expect(stock.held).toHaveLength(want.count);
  if (!want.pending) {
    expect(ticketsFit(view)).toBe(true);
    expect(canDownloadTickets(view)).toBe(true);
  }
  return view;
}

class Killed extends Error {}
/** A worker that dies just before its `after`-th command (counting from 0); `calls` counts what it ran. */
function dyingRunner(s: Setup, after: number): { runner: CommandRunner; calls: () => number } {
  const runner = new CommandRunner(s.store);
  const run = runner.run.bind(runner);
  let calls = 0;
  runner.run = ((args: Parameters<CommandRunner['run']>[0]) => {
    if (calls >= after) return Promise.reject(new Killed(`killed before command ${calls}`));
    calls++;
    return run(args);
  }) as CommandRunner['run'];
  return { runner, calls: () => calls };
}

describe('ticket allocation after a reschedule', () => {
  it('2 adults on 1 Dec rescheduled to 4 on 10 Dec: the expired codes go back (recorded), 4 valid on the day are held', async () => {
    const s = await setUp();
    expect(await s.job()).toMatchObject({ result: 'allocated' });
    expect(codesOf(await s.view())).toEqual(['F-SOON-1', 'F-SOON-2']);

    await s.reschedule({ date: '2026-12-10', adults: 4 });
    const stale = await s.view();
    // Until the worker has swapped them, the codes it holds are not offered for download.
    expect(ticketsFit(stale)).toBe(false);
    expect(canDownloadTickets(stale)).toBe(false);

    const outcome = await s.job({ rescheduled: true });
    expect(outcome).toMatchObject({ result: 'allocated' });
    const view = await expectSettled(s, { count: 4 });
    expect(codesOf(view)).toEqual(['F-LATE-1', 'F-LATE-2', 'F-LATE-3', 'F-LATE-4']);
    expect(view.tickets!.every((t) => t.expiresOn >= '2026-12-10' && t.category === 0)).toBe(true);
    const stock = await s.stock();
    expect([stock.holderOf('F-SOON-1'), stock.holderOf('F-SOON-2')]).toEqual([null, null]);
    const events = await s.store.readStream(`booking-${BOOKING}`);
    expect(events.map((e) => e.type)).toEqual(['BookingCreated', 'BookingTicketsAllocated', 'BookingRescheduled', 'BookingTicketsReturned', 'BookingTicketsAllocated']);
    expect(events[3]!.data).toMatchObject({ reason: 'rescheduled', tickets: [{ code: 'F-SOON-1' }, { code: 'F-SOON-2' }] });

    // The job again (a retry, the replayed event): nothing more is written.
    expect(await s.job({ rescheduled: true })).toEqual({ result: 'already allocated' });
    expect(await s.job()).toEqual({ result: 'already allocated' });
    expect(await s.bookingEvents()).toHaveLength(5);
  });

  it('fewer guests: the surplus codes go back, a category the booking no longer has included', async () => {
    const s = await setUp({ date: '2026-12-01', adults: 3, infants: 1 });
    await s.job();
    expect(codesOf(await s.view())).toEqual(['F-LATE-1', 'F-SOON-1', 'F-SOON-2', 'I-1']);
    await s.reschedule({ date: '2026-12-02', adults: 1 });
    await s.job({ rescheduled: true });
    const view = await expectSettled(s, { count: 1 });
    expect(codesOf(view)).toEqual(['F-SOON-1']);
    const stock = await s.stock();
    for (const code of ['F-SOON-2', 'F-LATE-1', 'I-1']) expect(stock.holderOf(code)).toBeNull();
  });

  it('a holding that still fits (same counts, a date before the codes expire) is kept: only the tickets file is made again', async () => {
    const s = await setUp();
    await s.job();
    await s.reschedule({ date: '2026-12-04', adults: 2 });
    expect(await s.job({ rescheduled: true })).toEqual({ result: 'already allocated' });
    expect(codesOf(await expectSettled(s, { count: 2 }))).toEqual(['F-SOON-1', 'F-SOON-2']);
    expect(await s.bookingEvents()).toEqual(['BookingCreated', 'BookingTicketsAllocated', 'BookingRescheduled']);
  });

  it('back to pending on an On Request slot: the codes go back; confirmed again, it takes codes for its new date', async () => {
    const s = await setUp();
    await s.job();
    await s.reschedule({ date: '2026-12-10', adults: 2 }, 1);
    expect(await s.job({ rescheduled: true })).toEqual({ result: 'not confirmed' });
    await expectSettled(s, { count: 0, pending: true });
    expect((await s.view()).status).toBe(1);
    await s.confirm();
    // Before the fix this answered 'already allocated' with the expired codes.
    expect(await s.job()).toMatchObject({ result: 'allocated' });
    expect(codesOf(await expectSettled(s, { count: 2 }))).toEqual(['F-LATE-1', 'F-LATE-2']);
  });

  it('a confirmation job that finds codes no longer fitting (its reschedule job not run yet) swaps them too', async () => {
    const s = await setUp();
    await s.job();
    await s.reschedule({ date: '2026-12-10', adults: 3 });
    expect(await s.job()).toMatchObject({ result: 'allocated' });
    expect(codesOf(await expectSettled(s, { count: 3 }))).toEqual(['F-LATE-1', 'F-LATE-2', 'F-LATE-3']);
    expect(await s.job({ rescheduled: true })).toEqual({ result: 'already allocated' });
  });

  it('not enough codes for the new counts: the old ones go back and the booking is pending with the reason', async () => {
    const s = await setUp();
    await s.job();
    await s.reschedule({ date: '2026-12-10', adults: 7 });
    expect(await s.job({ rescheduled: true })).toEqual({ result: 'short', reason: 'Not enough tickets "Frame" for 10.12.2026: 7 needed, 6 available' });
    const view = await expectSettled(s, { count: 0, pending: true });
    expect(view).toMatchObject({ status: 1, ticketsShortReason: 'Not enough tickets "Frame" for 10.12.2026: 7 needed, 6 available' });
  });

  it('killed before any of its commands and run again, the reschedule job ends the same as uninterrupted', async () => {
    // How many commands an uninterrupted job runs (stock returns, the booking's record, stock allocations, the record).
    const probe = await setUp({ date: '2026-12-01', adults: 2, infants: 1 });
    await probe.job();
    await probe.reschedule({ date: '2026-12-10', adults: 4 });
    const whole = dyingRunner(probe, Number.MAX_SAFE_INTEGER);
    await probe.job({ rescheduled: true }, whole.runner);
    const expected = codesOf(await expectSettled(probe, { count: 4 }));
    expect(whole.calls()).toBeGreaterThanOrEqual(4);

    for (let k = 0; k < whole.calls(); k++) {
      const s = await setUp({ date: '2026-12-01', adults: 2, infants: 1 });
      await s.job();
      await s.reschedule({ date: '2026-12-10', adults: 4 });
      await expect(s.job({ rescheduled: true }, dyingRunner(s, k).runner)).rejects.toBeInstanceOf(Killed);
      // A new worker retries the job (twice: its retry may die after the last command too).
      expect(await s.job({ rescheduled: true })).toMatchObject({ result: expect.stringMatching(/^(already )?allocated$/) });
      await s.job({ rescheduled: true });
      const view = await expectSettled(s, { count: 4 });
      expect(codesOf(view)).toEqual(expected);
      const stock = await s.stock();
      for (const code of ['F-SOON-1', 'F-SOON-2', 'I-1']) expect(stock.holderOf(code)).toBeNull();
      const types = await s.bookingEvents();
      expect(types.filter((t) => t === 'BookingTicketsReturned')).toHaveLength(1);
      expect(types.filter((t) => t === 'BookingTicketsAllocated')).toHaveLength(2);
    }
  });

  it('a first allocation killed between taking the codes and recording them, then a reschedule: the stock swaps them', async () => {
    const s = await setUp();
    // The allocation took two codes for 1 Dec on the stock stream and died before the booking recorded them.
    await expect(s.job({}, dyingRunner(s, 1).runner)).rejects.toBeInstanceOf(Killed);
    expect((await s.stock()).held).toEqual(['F-SOON-1', 'F-SOON-2']);
    expect(codesOf(await s.view())).toEqual([]);
    await s.reschedule({ date: '2026-12-10', adults: 4 });
    // The allocation's retry runs first (it reads the booking as it is now), then the reschedule's job.
    expect(await s.job()).toMatchObject({ result: 'allocated' });
    expect(await s.job({ rescheduled: true })).toEqual({ result: 'already allocated' });
    expect(codesOf(await expectSettled(s, { count: 4 }))).toEqual(['F-LATE-1', 'F-LATE-2', 'F-LATE-3', 'F-LATE-4']);
    expect((await s.stock()).holderOf('F-SOON-1')).toBeNull();
  });
});
