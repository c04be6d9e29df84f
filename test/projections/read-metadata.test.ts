import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { EventSchemaRegistry, type EventMetadata, type RecordedEvent } from '@tbo/event-schemas';
import { openStore, testMetadata, uniqueTag, waitFor } from './projection-test-kit';

/**
 * The Postgres store parses an append's metadata once for the run of events that share it
 * (the runner's reads are mostly such runs). Each event must still get metadata equal to what
 * was appended, as an object of its own: changing one event's metadata changes no other's.
 */

const tag = uniqueTag();
const TYPE = `MetadataProbeRecorded${tag}`;
const registry = new EventSchemaRegistry().register({
  type: TYPE,
  version: 1,
  schema: z.object({ n: z.number().int() }),
  example: { n: 1 },
});

describe('postgres event store: metadata of the events read', () => {
  const handle = openStore(registry, { max: 3, applicationName: `metadata-store-${tag}` });
  const store = handle.store;
  const stream = `metaprobe${tag}-1`;
  const flat = testMetadata();
  const other = { ...testMetadata(), tenantId: 'tenant-2', causationId: null };
  // Not in EventMetadata's type, but whatever JSON was stored must come back intact.
  const nested = { ...testMetadata(), trace: { spans: [randomUUID(), randomUUID()], sampled: true } } as EventMetadata;
  const appends = [flat, other, nested, flat];

  let all: RecordedEvent[] = [];

  beforeAll(async () => {
    let revision: number | 'no_stream' = 'no_stream';
    let n = 0;
    for (const metadata of appends) {
      const events = [0, 1, 2].map(() => ({ type: TYPE, data: { n: n++ } }));
      revision = (await store.appendToStream(stream, events, { expectedRevision: revision, metadata })).nextExpectedRevision;
    }
    all = await waitFor('the events to be readable', async () => {
      const { events } = await store.readAll(null, 1000, { types: [TYPE] });
      return events.length === 12 ? events : null;
    });
  });

  afterAll(() => handle.close());

  const expected = appends.flatMap((m) => [m, m, m]);

  it('readAll gives each event the metadata of its append', () => {
    expect(all.map((e) => (e.data as { n: number }).n)).toEqual([...Array(12).keys()]);
    all.forEach((e, i) => expect(e.metadata).toStrictEqual(expected[i]));
    expect(JSON.parse(JSON.stringify(all[8]))).toMatchObject({ metadata: nested });
  });

  it('readStream does too', async () => {
    const events = await store.readStream(stream);
    events.forEach((e, i) => expect(e.metadata).toStrictEqual(expected[i]));
  });

  it('gives each event an object of its own, nested parts included', async () => {
    const { events } = await store.readAll(null, 1000, { types: [TYPE] });
    const [a, b, c] = events;
    expect(a!.metadata).not.toBe(b!.metadata);
    (a!.metadata as { userId?: string | null }).userId = 'changed';
    expect(b!.metadata.userId).toBe(flat.userId);
    expect(c!.metadata.userId).toBe(flat.userId);

    const [x, y] = events.slice(6, 8) as unknown as { metadata: { trace: { spans: string[] } } }[];
    expect(x!.metadata.trace).not.toBe(y!.metadata.trace);
    x!.metadata.trace.spans.push('changed');
    expect(y!.metadata.trace.spans).toHaveLength(2);
  });
});
