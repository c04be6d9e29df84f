import { eventStoreContract, contractRegistry } from './event-store.contract';
import { InMemoryEventStore } from './in-memory-event-store';

eventStoreContract('in-memory', async () => new InMemoryEventStore(contractRegistry()), async () => undefined);
