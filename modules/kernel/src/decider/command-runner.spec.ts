import { z } from 'zod';
import { EventSchemaRegistry } from '@tbo/event-schemas';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import { metadataOf, systemContext } from './command-context';
import { CommandRunner } from './command-runner';
import type { Decider } from './decider';

type Added = { type: 'ItemAdded'; data: { item: string } };
const decider: Decider<{ item: string }, Added, string[]> = {
  initialState: [],
  evolve: (s, e) => [...s, e.data.item],
  decide: (c, s) => (s.includes(c.item) ? [] : [{ type: 'ItemAdded', data: { item: c.item } }]),
};

/** A store whose reads all finish before any append: every writer decides on the same old state. */
async function interleavingStore(writers: number, prime: string[] = []): Promise<InMemoryEventStore> {
  const store = new InMemoryEventStore(new EventSchemaRegistry().register({ type: 'ItemAdded', version: 1, schema: z.object({ item: z.string() }), example: { item: 'a' } }));
  if (prime.length) await store.appendToStream('list-1', prime.map((item) => ({ type: 'ItemAdded', data: { item } })), { expectedRevision: 'no_stream', metadata: metadataOf(systemContext('spec')) });
  const read = store.readStream.bind(store);
  let waiting = 0;
  let release: () => void = () => undefined;
  const allRead = new Promise<void>((r) => (release = r));
  store.readStream = async (...args: Parameters<typeof read>) => {
    const events = await read(...args);
    if (++waiting === writers) release();
    await allRead;
    return events;
  };
  return store;
}

describe('CommandRunner', () => {
  const run = (runner: CommandRunner, item: string, expectedRevision?: number | null | 'no_stream') =>
    runner.run({ stream: 'list-1', decider, command: { item }, context: systemContext('spec'), expectedRevision });

  it('decides again on the newer state when concurrent commands carry no client revision: every one lands', async () => {
    const store = await interleavingStore(3);
    const runner = new CommandRunner(store);
    await Promise.all(['a', 'b', 'c'].map((i) => run(runner, i)));
    const items = (await store.readStream('list-1')).map((e) => (e.data as { item: string }).item);
    expect(items.sort()).toEqual(['a', 'b', 'c']);
  });

  it('answers a stale client revision with a conflict, and does not retry it', async () => {
    const store = await interleavingStore(2, ['a']);
    const runner = new CommandRunner(store);
    // Two clients edited revision 0: the first save wins, the second is told so.
    const outcomes = await Promise.allSettled([run(runner, 'x', 0), run(runner, 'y', 0)]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream('list-1')).toHaveLength(2);
  });

  it("'no_stream': two clients who edited a never-saved item both save it first; one lands, the other is told so", async () => {
    const store = await interleavingStore(2);
    const runner = new CommandRunner(store);
    const outcomes = await Promise.allSettled([run(runner, 'x', 'no_stream'), run(runner, 'y', 'no_stream')]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    expect((outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(WrongExpectedRevisionError);
    expect(await store.readStream('list-1')).toHaveLength(1);
    // Once saved, a save of the defaults is stale at once.
    await expect(run(new CommandRunner(store), 'z', 'no_stream')).rejects.toBeInstanceOf(WrongExpectedRevisionError);
  });
});

/** A stock of seats: take refuses when too few are left, release of an unknown claim changes nothing. */
type SeatEvent = { type: 'Taken'; data: { claim: string; seats: number } } | { type: 'Released'; data: { claim: string } };
type SeatCommand = { type: 'Take'; claim: string; seats: number } | { type: 'Release'; claim: string };
type Seats = { claims: Record<string, number>; taken: number };
const CAPACITY = 3;
const seatsDecider: Decider<SeatCommand, SeatEvent, Seats> = {
  initialState: { claims: {}, taken: 0 },
  evolve: (s, e) => {
    if (e.type === 'Taken') return { claims: { ...s.claims, [e.data.claim]: e.data.seats }, taken: s.taken + e.data.seats };
    const { [e.data.claim]: seats = 0, ...claims } = s.claims;
    return { claims, taken: s.taken - seats };
  },
  decide: (c, s) => {
    if (c.type === 'Release') return s.claims[c.claim] === undefined ? [] : [{ type: 'Released', data: { claim: c.claim } }];
    if (s.taken + c.seats > CAPACITY) throw new Error(`Only ${CAPACITY - s.taken} places left`);
    return [{ type: 'Taken', data: { claim: c.claim, seats: c.seats } }];
  },
};

function seatStore(): InMemoryEventStore & { reads: number } {
  const store = new InMemoryEventStore(
    new EventSchemaRegistry()
      .register({ type: 'Taken', version: 1, schema: z.object({ claim: z.string(), seats: z.number() }), example: { claim: 'a', seats: 1 } })
      .register({ type: 'Released', version: 1, schema: z.object({ claim: z.string() }), example: { claim: 'a' } }),
  ) as InMemoryEventStore & { reads: number };
  store.reads = 0;
  const read = store.readStream.bind(store);
  store.readStream = (stream: string) => {
    store.reads++;
    return read(stream);
  };
  return store;
}

describe('CommandRunner: queued streams decide on the state this process left them in', () => {
  const seats = (runner: CommandRunner, command: SeatCommand) => runner.run({ stream: 'departure-1', decider: seatsDecider, command, context: systemContext('spec'), queued: true });

  it('reads a queued stream once, then decides on what it appended', async () => {
    const store = seatStore();
    const runner = new CommandRunner(store);
    await seats(runner, { type: 'Take', claim: 'a', seats: 1 });
    await seats(runner, { type: 'Take', claim: 'b', seats: 1 });
    const outcome = await seats(runner, { type: 'Take', claim: 'c', seats: 1 });
    expect(store.reads).toBe(1);
    expect(outcome.state.taken).toBe(3);
    expect(outcome.revision).toBe(2);
  });

  it('meets another process on the revision: its append is refused, read, and decided again', async () => {
    const store = seatStore();
    const here = new CommandRunner(store);
    const elsewhere = new CommandRunner(store);
    await seats(here, { type: 'Take', claim: 'a', seats: 1 });
    await seats(elsewhere, { type: 'Take', claim: 'b', seats: 1 });
    await seats(here, { type: 'Take', claim: 'c', seats: 1 });
    // Full now: a fourth seat is refused whoever asks.
    await expect(seats(here, { type: 'Take', claim: 'd', seats: 1 })).rejects.toThrow('Only 0 places left');
    const events = await store.readStream('departure-1');
    expect(events.map((e) => (e.data as { claim: string }).claim)).toEqual(['a', 'b', 'c']);
  });

  it('asks the stream before refusing: seats another process gave back are sold, not refused', async () => {
    const store = seatStore();
    const here = new CommandRunner(store);
    const elsewhere = new CommandRunner(store);
    await seats(here, { type: 'Take', claim: 'a', seats: 3 });
    await seats(elsewhere, { type: 'Release', claim: 'a' });
    const outcome = await seats(here, { type: 'Take', claim: 'b', seats: 2 });
    expect(outcome.state.taken).toBe(2);
  });

  it('asks the stream before doing nothing: a claim another process took is released', async () => {
    const store = seatStore();
    const here = new CommandRunner(store);
    const elsewhere = new CommandRunner(store);
    await seats(here, { type: 'Take', claim: 'a', seats: 1 });
    await seats(elsewhere, { type: 'Take', claim: 'b', seats: 2 });
    const outcome = await seats(here, { type: 'Release', claim: 'b' });
    expect(outcome.events).toEqual([{ type: 'Released', data: { claim: 'b' } }]);
    expect(outcome.state.taken).toBe(1);
  });

  it('a new stream is decided on its initial state without a read; should it exist, the retry reads it', async () => {
    const store = seatStore();
    const runner = new CommandRunner(store);
    const fresh = (claim: string) => runner.run({ stream: 'departure-2', decider: seatsDecider, command: { type: 'Take', claim, seats: 2 }, context: systemContext('spec'), newStream: true });
    await fresh('a');
    expect(store.reads).toBe(0);
    await expect(fresh('b')).rejects.toThrow('Only 1 places left');
    expect(store.reads).toBe(1);
  });
});
