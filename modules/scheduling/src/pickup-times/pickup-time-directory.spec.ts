import { createEventRegistry } from '@tbo/event-schemas';
import { InMemoryEventStore, metadataOf, systemContext } from '@tbo/kernel';
import { PickUpTimeDirectory } from './pickup-time-directory';
import { pickUpTimeStream } from './pickup-time';

const created = (id: number, supplierId: number) => ({
  type: 'PickUpTimeCreated',
  data: { id, supplierId, name: `P${id}`, isFixedTime: false, regionsPickUpTimes: [], hotelsPickUpTimes: [] },
});

const first = { expectedRevision: 'no_stream' as const, metadata: metadataOf(systemContext('test')) };

describe('pick-up time ids belonging to a supplier', () => {
  it("answers the supplier's own pick-up times that are not deleted, from the streams", async () => {
    const store = new InMemoryEventStore(createEventRegistry());
    await store.appendToStream(pickUpTimeStream(1), [created(1, 5)], first);
    await store.appendToStream(pickUpTimeStream(2), [created(2, 6)], first);
    await store.appendToStream(pickUpTimeStream(3), [created(3, 5), { type: 'PickUpTimeDeleted', data: { id: 3, supplierId: 5 } }], first);
    await store.appendToStream(pickUpTimeStream(4), [created(4, 5)], first);
    const directory = new PickUpTimeDirectory(store);
    expect(await directory.ownedBy(5, [1, 2, 3, 4, 4, 99, 0])).toEqual(new Set([1, 4]));
    expect(await directory.ownedBy(6, [1, 2])).toEqual(new Set([2]));
    expect(await directory.ownedBy(5, [])).toEqual(new Set());
  });
});
