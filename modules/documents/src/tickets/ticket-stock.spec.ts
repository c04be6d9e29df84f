import { createEventRegistry } from '@tbo/event-schemas';
import { CommandRunner, InMemoryEventStore, systemContext, ValidationError } from '@tbo/kernel';
import { previewLoad, linesFromText, REFUSAL_TEXT } from './ticket-codes.input';
import { emptyTicketStock, NotEnoughTickets, STOCK_MESSAGES, ticketStockDecider, ticketStockStream, type TicketStockCommand, type TicketStockState } from './ticket-stock';

const key = { supplierId: 1, ticketTypeId: 2 };
const TODAY = '2026-06-01';
const code = (n: number, expiresOn = '2026-12-31') => ({ code: `C-${n}`, expiresOn });

function given(...commands: TicketStockCommand[]): TicketStockState {
  let state = emptyTicketStock();
  for (const c of commands) for (const e of ticketStockDecider.decide(c, state)) state = ticketStockDecider.evolve(state, e);
  return state;
}
const load = (...codes: { code: string; expiresOn: string }[]): TicketStockCommand => ({ type: 'LoadCodes', ...key, codes, today: TODAY });
const allocate = (bookingId: number, count: number, date = '2026-07-01'): TicketStockCommand => ({ type: 'AllocateCodes', ...key, ticketTypeName: 'Dubai Frame', bookingId, count, date });

describe('ticket stock decider', () => {
  it('loads codes once: a code already in stock, listed twice or expired refuses the load, naming it', () => {
    const state = given(load(code(1), code(2)));
    expect(() => ticketStockDecider.decide(load(code(2), code(3)), state)).toThrow(STOCK_MESSAGES.inStock(['C-2']));
    expect(() => ticketStockDecider.decide(load(code(3), code(3)), state)).toThrow(STOCK_MESSAGES.listedTwice(['C-3']));
    expect(() => ticketStockDecider.decide(load(code(4, '2026-05-31')), state)).toThrow(STOCK_MESSAGES.expired(['C-4']));
    expect(() => ticketStockDecider.decide(load(), state)).toThrow(STOCK_MESSAGES.empty);
    expect(ticketStockDecider.decide(load(code(3)), state)).toEqual([{ type: 'TicketCodesLoaded', data: { ...key, codes: [code(3)] } }]);
  });

  it('gives a booking codes valid on its date, earliest expiry first, and none twice', () => {
    const state = given(load(code(1, '2026-12-31'), code(2, '2026-08-01'), code(3, '2026-06-15'), code(4, '2026-09-01')));
    // C-3 expires before the booking's date: never given.
    const [first] = ticketStockDecider.decide(allocate(10, 2), state);
    expect(first).toEqual({ type: 'TicketCodesAllocated', data: { ...key, bookingId: 10, date: '2026-07-01', codes: ['C-2', 'C-4'] } });
    const after = ticketStockDecider.evolve(state, first!);
    expect(ticketStockDecider.decide(allocate(10, 2), after)).toEqual([]);
    expect(ticketStockDecider.decide(allocate(11, 1), after)[0]!.data).toMatchObject({ codes: ['C-1'] });
    expect(() => ticketStockDecider.decide(allocate(11, 2), after)).toThrow(new NotEnoughTickets(STOCK_MESSAGES.short('Dubai Frame', '2026-07-01', 2, 1)));
    expect(STOCK_MESSAGES.short('Dubai Frame', '2026-07-01', 2, 1)).toBe('Not enough tickets "Dubai Frame" for 01.07.2026: 2 needed, 1 available');
  });

  it('a returned booking frees its codes for the next; a freezed code is given to nobody', () => {
    const state = given(load(code(1), code(2)), allocate(10, 1), { type: 'FreezeCodes', ...key, codes: ['C-2'] });
    expect(() => ticketStockDecider.decide(allocate(11, 1), state)).toThrow(NotEnoughTickets);
    expect(() => ticketStockDecider.decide({ type: 'FreezeCodes', ...key, codes: ['C-1'] }, state)).toThrow(STOCK_MESSAGES.allocated(['C-1']));
    const returned = given(load(code(1), code(2)), allocate(10, 1), { type: 'FreezeCodes', ...key, codes: ['C-2'] }, { type: 'ReturnCodes', ...key, bookingId: 10 });
    expect(ticketStockDecider.decide({ type: 'ReturnCodes', ...key, bookingId: 10 }, returned)).toEqual([]);
    expect(ticketStockDecider.decide(allocate(11, 1), returned)[0]!.data).toMatchObject({ codes: ['C-1'] });
  });

  it('a booking holding codes for other counts or an earlier date swaps them in one append; a holding that fits stays', () => {
    // C-1 expires before 5 Aug; the booking took C-1 and C-2 for 1 Jul.
    const holding = () => given(load(code(1, '2026-08-05'), code(2, '2026-12-31'), code(3, '2026-12-31'), code(4, '2026-12-31'), code(5, '2026-08-01')), allocate(10, 2, '2026-07-01'));
    const state = holding();
    expect(state.byBooking.get(10)).toEqual(['C-5', 'C-1']);
    expect(ticketStockDecider.decide(allocate(10, 2, '2026-07-15'), state)).toEqual([]);
    // Rescheduled to 10 Aug for 4: both go back (C-5 and C-1 expire before it) and four valid on the day are taken.
    const swapped = ticketStockDecider.decide(allocate(10, 3, '2026-08-10'), state);
    expect(swapped).toEqual([
      { type: 'TicketCodesReturned', data: { ...key, bookingId: 10, codes: ['C-5', 'C-1'] } },
      { type: 'TicketCodesAllocated', data: { ...key, bookingId: 10, date: '2026-08-10', codes: ['C-2', 'C-3', 'C-4'] } },
    ]);
    // (evolve changes the state it is given: the stream's state as the runner keeps it.)
    const after = swapped.reduce((s, e) => ticketStockDecider.evolve(s, e), holding());
    expect(after.byBooking.get(10)).toEqual(['C-2', 'C-3', 'C-4']);
    expect([...after.codes.values()].filter((c) => c.bookingId === 10).map((c) => c.code)).toEqual(['C-2', 'C-3', 'C-4']);
    expect(ticketStockDecider.decide(allocate(10, 3, '2026-08-10'), after)).toEqual([]);
    // Fewer guests: the booking's own codes count as free, so it keeps the earliest expiring of them.
    expect(ticketStockDecider.decide(allocate(10, 1, '2026-07-01'), holding())).toEqual([
      { type: 'TicketCodesReturned', data: { ...key, bookingId: 10, codes: ['C-5', 'C-1'] } },
      { type: 'TicketCodesAllocated', data: { ...key, bookingId: 10, date: '2026-07-01', codes: ['C-5'] } },
    ]);
    // Not enough even with its own back: nothing changes, the stock says how many it has for the day.
    expect(() => ticketStockDecider.decide(allocate(10, 4, '2026-08-10'), holding())).toThrow(new NotEnoughTickets(STOCK_MESSAGES.short('Dubai Frame', '2026-08-10', 4, 3)));
  });

  it('concurrent allocations through queued runners in two processes never share a code', async () => {
    const store = new InMemoryEventStore(createEventRegistry());
    const stream = ticketStockStream(key.supplierId, key.ticketTypeId);
    const runners = [new CommandRunner(store), new CommandRunner(store)];
    const run = (i: number, command: TicketStockCommand) => runners[i % 2]!.run({ stream, decider: ticketStockDecider, command, context: systemContext('spec'), queued: true });
    await run(0, load(...Array.from({ length: 15 }, (_, i) => code(i + 1))));
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => run(i, allocate(100 + i, 1))));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(15);
    expect(outcomes.filter((o) => o.status === 'rejected').every((o) => (o as PromiseRejectedResult).reason instanceof ValidationError)).toBe(true);
    const given = (await store.readStream(stream)).filter((e) => e.type === 'TicketCodesAllocated').flatMap((e) => (e.data as { codes: string[] }).codes);
    expect(given).toHaveLength(15);
    expect(new Set(given).size).toBe(15);
  });
});

describe('loading preview', () => {
  it('reads typed lines and says line by line what is added and why the rest is refused', () => {
    const state = given(load(code(1)));
    const lines = linesFromText('C-1 2026-12-31\n\nC-2\t31.12.2026\nC-2;2026-12-30\nC 3 2026-12-31\nC-4, 2026-02-30\nC-5 2026-01-01\n');
    const preview = previewLoad(state, lines, TODAY);
    expect(preview.accepted).toEqual([code(2)]);
    expect(preview.refused.map((r) => [r.line, r.reason])).toEqual([
      [1, REFUSAL_TEXT.inStock],
      [4, REFUSAL_TEXT.listedTwice],
      [5, REFUSAL_TEXT.badDate],
      [6, REFUSAL_TEXT.badDate],
      [7, REFUSAL_TEXT.expired],
    ]);
  });
});
