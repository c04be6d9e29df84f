import { randomUUID } from 'node:crypto';
import { Pool } from 'pg';
import { contractMetadata, contractRegistry, eventStoreContract, eventually } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

const url = process.env.DATABASE_URL!;
const pool = new Pool({ connectionString: url, max: 8 });

eventStoreContract('postgres', async () => new PostgresEventStore(pool, contractRegistry(), url), async () => undefined);

describe('PostgresEventStore specifics', () => {
  const own = new Pool({ connectionString: url, max: 4 });
  const store = new PostgresEventStore(own, contractRegistry(), url);
  afterAll(async () => {
    await store.close();
    await own.end();
    await pool.end();
  });

  it('reads streams asked for at once in one query, each reader getting its own stream and its own events', async () => {
    const [a, b, none] = [1, 2, 3].map(() => `contract-${randomUUID().replaceAll('-', '')}`);
    const thing = (n: number) => ({ type: 'ContractThingHappened', data: { n, label: 'x' } });
    await store.appendToStream(a!, [thing(1), thing(2)], { expectedRevision: 'no_stream', metadata: contractMetadata() });
    await store.appendToStream(b!, [thing(3)], { expectedRevision: 'no_stream', metadata: contractMetadata() });
    const queries: string[] = [];
    const onQuery = own.query.bind(own);
    own.query = ((config: unknown, values?: unknown) => {
      queries.push(typeof config === 'string' ? config : (config as { text: string }).text);
      return onQuery(config as string, values as unknown[]);
    }) as typeof own.query;
    try {
      const [ra, rb, rNone, ra2] = await Promise.all([store.readStream(a!), store.readStream(b!), store.readStream(none!), store.readStream(a!)]);
      expect(queries.filter((q) => q.includes('FROM events'))).toHaveLength(1);
      expect(ra!.map((e) => [e.streamId, e.revision, (e.data as { n: number }).n])).toEqual([[a, 0, 1], [a, 1, 2]]);
      expect(rb!.map((e) => [e.streamId, e.revision, (e.data as { n: number }).n])).toEqual([[b, 0, 3]]);
      expect(rNone).toEqual([]);
      expect(ra2).toEqual(ra);
      expect(ra2![0]).not.toBe(ra![0]);
    } finally {
      own.query = onQuery;
    }
    // A read asked for after an append sees it.
    await store.appendToStream(b!, [thing(4)], { expectedRevision: 0, metadata: contractMetadata() });
    expect((await store.readStream(b!)).map((e) => (e.data as { n: number }).n)).toEqual([3, 4]);
  });

  it('upcasts an event stored under schema version 1 to the newest version when read', async () => {
    const stream = `contract-${randomUUID().replaceAll('-', '')}`;
    await own.query(
      `SELECT append_events($1, -1, ARRAY[$2::uuid], ARRAY['ContractThingHappened'], ARRAY[1], ARRAY[$3::jsonb], ARRAY[$4::jsonb])`,
      [stream, randomUUID(), JSON.stringify({ n: 7 }), JSON.stringify(contractMetadata())],
    );
    const [event] = await store.readStream(stream);
    expect(event).toMatchObject({ schemaVersion: 2, data: { n: 7, label: 'v1' } });
  });

  it('does not hand out an event whose transaction is still open, nor anything after it', async () => {
    const head = await store.headPosition();
    const client = await own.connect();
    const stream = `contract-${randomUUID().replaceAll('-', '')}`;
    try {
      await client.query('BEGIN');
      await client.query(
        `SELECT append_events($1, -1, ARRAY[$2::uuid], ARRAY['ContractThingHappened'], ARRAY[2], ARRAY[$3::jsonb], ARRAY[$4::jsonb])`,
        [stream, randomUUID(), JSON.stringify({ n: 1, label: 'open' }), JSON.stringify(contractMetadata())],
      );
      // Another writer commits after the open one started: its position is larger but it must wait too.
      const later = `contract-${randomUUID().replaceAll('-', '')}`;
      await store.appendToStream(later, [{ type: 'ContractThingHappened', data: { n: 2, label: 'later' } }], {
        expectedRevision: 'no_stream',
        metadata: contractMetadata(),
      });
      const whileOpen = await store.readAll(head, 100);
      expect(whileOpen.events.map((e) => e.streamId)).not.toContain(stream);
      expect(whileOpen.events.map((e) => e.streamId)).not.toContain(later);
      // The committed later event waits behind the open one: the reader is told to look again soon,
      // unless it reads only types that are not waiting.
      expect(whileOpen.behind).toBe(true);
      expect((await store.readAll(head, 100, { types: ['ContractThingHappened'] })).behind).toBe(true);
      expect((await store.readAll(head, 100, { types: ['NothingOfThisType'] })).behind).toBe(false);

      await client.query('COMMIT');
      // Other transactions on the server may hold the watermark a moment longer.
      const afterCommit = await eventually(
        () => store.readAll(whileOpen.next, 100),
        (r) => [stream, later].every((s) => r.events.some((e) => e.streamId === s)),
      );
      expect(afterCommit.events.map((e) => e.streamId)).toEqual(expect.arrayContaining([stream, later]));
      const streams = afterCommit.events.map((e) => e.streamId);
      expect(streams.indexOf(stream)).toBeLessThan(streams.indexOf(later));
    } finally {
      client.release();
    }
  });

  it("tells another process's subscribers the types appended there, folding those of appends meanwhile, and never its own echo", async () => {
    const otherPool = new Pool({ connectionString: url, max: 2 });
    const other = new PostgresEventStore(otherPool, contractRegistry(), url);
    const heard: (readonly string[] | undefined)[] = [];
    const ownHeard: (readonly string[] | undefined)[] = [];
    const stopOther = other.onAppended((types) => heard.push(types));
    const stopOwn = store.onAppended((types) => ownHeard.push(types));
    try {
      // The LISTEN connection says hello once it is up (no types: anything may have been appended meanwhile).
      await eventually(async () => heard.length > 0 && ownHeard.length > 0, Boolean);
      heard.length = 0;
      ownHeard.length = 0;
      const append = (type: string, data: unknown) => store.appendToStream(`contract-${randomUUID().replaceAll('-', '')}`, [{ type, data }], { expectedRevision: 'no_stream', metadata: contractMetadata() });
      await Promise.all([append('ContractThingHappened', { n: 1, label: 'a' }), append('ContractOtherHappened', { s: 'b' }), append('ContractThingHappened', { n: 2, label: 'c' })]);
      const all = await eventually(
        async () => heard.flatMap((t) => t ?? ['(any)']),
        (types) => types.includes('ContractThingHappened') && types.includes('ContractOtherHappened'),
      );
      expect(new Set(all)).toEqual(new Set(['ContractThingHappened', 'ContractOtherHappened']));
      // Three appends, at most one notification each, each naming only what was appended.
      expect(heard.length).toBeLessThanOrEqual(3);
      // The appending store told its own subscribers directly, one call per append, and skipped its echo.
      await new Promise((r) => setTimeout(r, 100));
      expect(ownHeard.map((t) => t?.join())).toEqual(expect.arrayContaining(['ContractThingHappened', 'ContractOtherHappened']));
      expect(ownHeard).toHaveLength(3);
    } finally {
      stopOther();
      stopOwn();
      await other.close();
      await otherPool.end();
    }
  });
});
