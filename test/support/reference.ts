import type { INestApplication } from '@nestjs/common';
import type { Knex } from 'knex';
import { waitForProjection } from '@tbo/read-models';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { seedIdentity } from '../../apps/api/src/seed/seed-identity';
import { seedReference } from '../../apps/api/src/seed/seed-reference';
import { seedSupplier } from '../../apps/api/src/seed/seed-supplier';

/** Waits until every read model the reference and supplier tests read has applied everything appended so far. */
export async function allSettled(app: INestApplication): Promise<void> {
  const store = app.get<EventStore>(EVENT_STORE);
  const head = await store.headPosition();
  if (!head) return;
  for (const name of ['users', 'reference_data', 'supplier_profiles', 'languages']) await waitForProjection(app.get<Knex>(KNEX), store, name, head, 30_000);
}

/** The demo data, in process (seeds take turns with `npm run seed`, which test/seed runs meanwhile). */
export async function seedDemo(app: INestApplication): Promise<void> {
  const settle = () => allSettled(app);
  await seedIdentity(app, settle);
  await seedReference(app, settle);
  await seedSupplier(app, settle);
  await settle();
}

/** The same order the API sorts reference lists in. */
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
export const isSortedBy = <T>(rows: T[], key: (r: T) => string) => rows.every((r, i) => i === 0 || collator.compare(key(rows[i - 1]!), key(r)) <= 0);
