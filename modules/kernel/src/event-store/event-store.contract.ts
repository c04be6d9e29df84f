import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { EventSchemaRegistry, type EventMetadata } from '@tbo/event-schemas';
import { WrongExpectedRevisionError, type EventStore } from './event-store.port';

/** Event types the contract suite writes; every adapter under test must be built with this registry. */
export function contractRegistry(): EventSchemaRegistry {
  return new EventSchemaRegistry().register(
    { type: 'ContractThingHappened', version: 1, schema: z.object({ n: z.number() }), example: { n: 1 } },
    {
      type: 'ContractThingHappened',
      version: 2,
      schema: z.object({ n: z.number(), label: z.string() }),
      upcastFromPrevious: (d) => ({ ...(d as { n: number }), label: 'v1' }),
      example: { n: 1, label: 'x' },
    },
    { type: 'ContractOtherHappened', version: 1, schema: z.object({ s: z.string() }), example: { s: 'x' } },
  );
}

export function contractMetadata(over: Partial<EventMetadata> = {}): EventMetadata {
  return {
    userId: 'u-1',
    tenantId: 's-1',
    correlationId: randomUUID(),
    causationId: null,
    commandId: randomUUID(),
    occurredAt: new Date().toISOString(),
    ...over,
  };
}

const thing = (n: number, label = 'x') => ({ type: 'ContractThingHappened', data: { n, label } });

/**
 * The behaviour every event store adapter promises. Called from one test file per adapter
 * with a factory for a store built on contractRegistry().
 */
export function eventStoreContract(name: string, makeStore: () => Promise<EventStore>, done: () => Promise<void>) {
  describe(`EventStore contract: ${name}`, () => {
    let store: EventStore;
    const stream = () => `contract-${randomUUID().replaceAll('-', '')}`;

    beforeAll(async () => {
      store = await makeStore();
    });
    afterAll(async () => {
      await store.close();
      await done();
    });

    it('appends to a new stream and reads it back in order with metadata', async () => {
      const s = stream();
      const meta = contractMetadata();
      const r = await store.appendToStream(s, [thing(1), thing(2), thing(3)], { expectedRevision: 'no_stream', metadata: meta });
      expect(r.nextExpectedRevision).toBe(2);
      const events = await store.readStream(s);
      expect(events.map((e) => [e.revision, (e.data as { n: number }).n])).toEqual([
        [0, 1],
        [1, 2],
        [2, 3],
      ]);
      expect(events[0]!.metadata).toEqual(meta);
      expect(events[2]!.position).toBe(r.position);
      expect(events.every((e) => e.streamId === s && e.type === 'ContractThingHappened')).toBe(true);
    });

    it('answers an empty list for a stream that does not exist', async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it('compare-and-sets the stream revision: a stale expected revision is a typed conflict', async () => {
      const s = stream();
      await store.appendToStream(s, [thing(1)], { expectedRevision: 'no_stream', metadata: contractMetadata() });
      await store.appendToStream(s, [thing(2)], { expectedRevision: 0, metadata: contractMetadata() });
      await expect(store.appendToStream(s, [thing(3)], { expectedRevision: 0, metadata: contractMetadata() })).rejects.toBeInstanceOf(
        WrongExpectedRevisionError,
      );
      await expect(store.appendToStream(s, [thing(3)], { expectedRevision: 'no_stream', metadata: contractMetadata() })).rejects.toMatchObject({
        actual: 1,
      });
      await expect(
        store.appendToStream(stream(), [thing(3)], { expectedRevision: 'stream_exists', metadata: contractMetadata() }),
      ).rejects.toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(s)).length).toBe(2);
    });

    it('lets exactly one of two concurrent appends with the same expected revision win', async () => {
      const s = stream();
      await store.appendToStream(s, [thing(0)], { expectedRevision: 'no_stream', metadata: contractMetadata() });
      const results = await Promise.allSettled([
        store.appendToStream(s, [thing(1)], { expectedRevision: 0, metadata: contractMetadata() }),
        store.appendToStream(s, [thing(2)], { expectedRevision: 0, metadata: contractMetadata() }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const failed = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
      expect(failed.reason).toBeInstanceOf(WrongExpectedRevisionError);
      expect((await store.readStream(s)).length).toBe(2);
    });

    it("appends with 'any' whatever the revision", async () => {
      const s = stream();
      await store.appendToStream(s, [thing(1)], { expectedRevision: 'any', metadata: contractMetadata() });
      const r = await store.appendToStream(s, [thing(2)], { expectedRevision: 'any', metadata: contractMetadata() });
      expect(r.nextExpectedRevision).toBe(1);
    });

    it('treats a retried append with the same event ids as done once', async () => {
      const s = stream();
      const ids = [randomUUID(), randomUUID()];
      const events = [
        { ...thing(1), eventId: ids[0] },
        { ...thing(2), eventId: ids[1] },
      ];
      const first = await store.appendToStream(s, events, { expectedRevision: 'no_stream', metadata: contractMetadata() });
      const again = await store.appendToStream(s, events, { expectedRevision: 'no_stream', metadata: contractMetadata() });
      expect(again.nextExpectedRevision).toBe(first.nextExpectedRevision);
      expect((await store.readStream(s)).map((e) => e.eventId)).toEqual(ids);
    });

    it('validates data against the schema on append and stores nothing when it is wrong', async () => {
      const s = stream();
      await expect(
        store.appendToStream(s, [thing(1), { type: 'ContractThingHappened', data: { n: 'two' } }], {
          expectedRevision: 'no_stream',
          metadata: contractMetadata(),
        }),
      ).rejects.toThrow(/ContractThingHappened/);
      await expect(
        store.appendToStream(s, [{ type: 'NobodyRegisteredThis', data: {} }], { expectedRevision: 'any', metadata: contractMetadata() }),
      ).rejects.toThrow(/Unknown event type/);
      expect(await store.readStream(s)).toEqual([]);
    });

    it('refuses stream names that are not <category>-<id>', async () => {
      await expect(store.appendToStream('no_dash', [thing(1)], { expectedRevision: 'any', metadata: contractMetadata() })).rejects.toThrow(
        /stream name/,
      );
    });

    it('reads all events after a checkpoint in append order, filtered by type, and moves the checkpoint on', async () => {
      const start = await store.headPosition();
      const a = stream();
      const b = stream();
      await store.appendToStream(a, [thing(1)], { expectedRevision: 'no_stream', metadata: contractMetadata() });
      await store.appendToStream(b, [{ type: 'ContractOtherHappened', data: { s: 'b' } }], {
        expectedRevision: 'no_stream',
        metadata: contractMetadata(),
      });
      await store.appendToStream(a, [thing(2)], { expectedRevision: 0, metadata: contractMetadata() });

      const mine = <T extends { streamId: string }>(events: T[]) => events.filter((e) => e.streamId === a || e.streamId === b);
      // Another transaction on the same server may hold the read watermark back for a moment.
      const all = await eventually(() => readEverything(store, start), (events) => mine(events).length === 3);
      expect(mine(all).map((e) => `${e.streamId === a ? 'a' : 'b'}${e.revision}`)).toEqual(['a0', 'b0', 'a1']);
      for (let i = 1; i < all.length; i++) expect(store.comparePositions(all[i - 1]!.position, all[i]!.position)).toBeLessThan(0);

      const onlyThings = await readEverything(store, start, ['ContractThingHappened']);
      expect(mine(onlyThings).map((e) => e.revision)).toEqual([0, 1]);

      const head = await store.headPosition();
      expect(store.comparePositions(head, all[all.length - 1]!.position)).toBe(0);
      const after = await store.readAll(head, 10);
      expect(after.events).toEqual([]);
      expect(store.comparePositions(after.next, head)).toBeGreaterThanOrEqual(0);
    });

    it('upcasts events stored under an older schema version when they are read', async () => {
      // Appends always write the newest version, so an old-version read is exercised by the
      // registry: v2 data passes through unchanged and keeps its label.
      const s = stream();
      await store.appendToStream(s, [thing(5, 'kept')], { expectedRevision: 'no_stream', metadata: contractMetadata() });
      const [e] = await store.readStream(s);
      expect(e!.schemaVersion).toBe(2);
      expect(e!.data).toEqual({ n: 5, label: 'kept' });
    });

    it('tells subscribers after an append', async () => {
      let calls = 0;
      const stop = store.onAppended(() => calls++);
      await new Promise((r) => setTimeout(r, 100));
      const before = calls;
      await store.appendToStream(stream(), [thing(1)], { expectedRevision: 'no_stream', metadata: contractMetadata() });
      const deadline = Date.now() + 2000;
      while (calls === before && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      stop();
      expect(calls).toBeGreaterThan(before);
    });
  });
}

/** Calls read until its answer satisfies done (at most 10 s), and answers the last answer. */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function readEverything(store: EventStore, from: string | null, types?: string[]) {
  const out = [];
  let cursor = from;
  for (;;) {
    const { events, next } = await store.readAll(cursor, 2, types ? { types } : {});
    out.push(...events);
    if (events.length < 2) return out;
    cursor = next;
  }
}
