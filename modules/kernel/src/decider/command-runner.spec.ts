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
  const run = (runner: CommandRunner, item: string, expectedRevision?: number | null) =>
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
});
