import { Pool } from 'pg';
import { eventStoreContract, contractRegistry } from './event-store.contract';
import { PostgresEventStore } from './postgres-event-store';

const url = process.env.DATABASE_URL!;
const pool = new Pool({ connectionString: url, max: 8 });

eventStoreContract('postgres', async () => new PostgresEventStore(pool, contractRegistry(), url), () => pool.end());
