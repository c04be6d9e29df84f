import { z } from 'zod';
import { EventSchemaRegistry } from '@tbo/event-schemas';
import { WrongExpectedRevisionError } from '../event-store/event-store.port';
import { InMemoryEventStore } from '../event-store/in-memory-event-store';
import type { IdGenerator } from '../ids/id-generator';
import { systemContext } from './command-context';
import { CommandRunner } from './command-runner';
import type { Decider } from './decider';
import { EntityStream, versioned } from './entity-stream';

type Named = { type: 'Named'; data: { id: number; name: string } };
type State = { id: number; name: string | null };
const decider: Decider<{ id: number; name: string; isNew: boolean }, Named, State> = {
  initialState: { id: 0, name: null },
  evolve: (s, e) => ({ ...s, name: e.data.name }),
  decide: (c, s) => (s.name === c.name ? [] : [{ type: 'Named', data: { id: c.id, name: c.name } }]),
};
const things = new EntityStream((id) => `thing-${id}`, decider, (id) => ({ id, name: null }));

function setUp() {
  const store = new InMemoryEventStore(new EventSchemaRegistry().register({ type: 'Named', version: 1, schema: z.object({ id: z.number(), name: z.string() }), example: { id: 1, name: 'a' } }));
  let next = 41;
  const ids = { next: async () => ++next } as unknown as IdGenerator;
  return { store, ids, runner: new CommandRunner(store) };
}

describe('EntityStream', () => {
  const context = systemContext('spec');

  it('takes a new id only when none is given, and starts from the state that knows it', async () => {
    const { store, ids, runner } = setUp();
    const created = await things.save(runner, { ids, idKind: 'thing', given: 0, version: 7, context, command: (id, isNew) => ({ id, name: 'a', isNew }) });
    expect(created).toMatchObject({ id: 42, revision: 0, state: { id: 42, name: 'a' } });
    expect(await things.load(store, 42)).toEqual({ id: 42, name: 'a' });
  });

  it("checks the client's revision for an existing entity", async () => {
    const { ids, runner } = setUp();
    await things.save(runner, { ids, idKind: 'thing', context, command: (id, isNew) => ({ id, name: 'a', isNew }) });
    const stale = things.save(runner, { ids, idKind: 'thing', given: 42, version: 3, context, command: (id, isNew) => ({ id, name: 'b', isNew }) });
    await expect(stale).rejects.toBeInstanceOf(WrongExpectedRevisionError);
    const saved = await things.save(runner, { ids, idKind: 'thing', given: 42, version: 0, context, command: (id, isNew) => ({ id, name: 'b', isNew }) });
    expect(versioned({ name: saved.state.name }, saved)).toEqual({ name: 'b', version: 1, position: saved.position });
  });

  it('answers an unchanged entity with its revision and no position', async () => {
    const { ids, runner } = setUp();
    await things.save(runner, { ids, idKind: 'thing', context, command: (id, isNew) => ({ id, name: 'a', isNew }) });
    const same = await things.run(runner, 42, { id: 42, name: 'a', isNew: false }, context);
    expect(versioned({}, same)).toEqual({ version: 0, position: null });
  });
});
