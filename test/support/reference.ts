import type { INestApplication } from '@nestjs/common';
import { randomInt } from 'node:crypto';
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

/** Codes this process has handed out already (a code saved moments ago may not be in the read table yet). */
const handedOut = new Set<string>();
/** Fixed codes other suites save later in the same run (input-boundary, route-fuzz, the 'no language yet' fallbacks, benches). */
const RESERVED_CODES = ['ibx', 'fzz', 'fzt', 'oel', 'isl', 'usg', 'ofr', 'slx', 'rml', 'oct', 'bkg', 'ben'];

/**
 * `count` random three-letter lower-case language codes that no language has (deleted ones too) and this
 * process has not handed out before. Codes are unique across the one database a whole test run shares,
 * so a code picked at random could collide with one an earlier suite saved and be refused.
 */
export async function unusedLanguageCodes(db: Knex, count: number): Promise<string[]> {
  const rows: { code: string }[] = await db('languages').select('code');
  const taken = new Set([...rows.map((r) => r.code.toLowerCase()), ...handedOut, ...RESERVED_CODES]);
  if (taken.size + count > 26 ** 3) throw new Error(`unusedLanguageCodes(): fewer than ${count} three-letter codes left`);
  const codes: string[] = [];
  while (codes.length < count) {
    const code = Array.from({ length: 3 }, () => String.fromCharCode(97 + randomInt(26))).join('');
    if (taken.has(code)) continue;
    taken.add(code);
    handedOut.add(code);
    codes.push(code);
  }
  return codes;
}
