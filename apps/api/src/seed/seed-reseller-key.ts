import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { hashResellerKey, IssueResellerKeyCommand } from '@tbo/connectivity';
import { findAgencyByName, findResellerKeyByHash, findSupplierByName } from '@tbo/read-models';
import { KNEX, systemContext } from '@tbo/kernel';
import { DEMO_AGENCY, DEMO_SUPPLIER } from './seed-identity';
import { withSeedLock } from './seed-lock';

/**
 * The demo reseller key, known in advance like the demo passwords so a local OCTO client can be pointed at the
 * product right after the seed. DEMO_RESELLER_KEY sets another one; either way it is a demo credential, for local
 * tries only.
 */
export const DEFAULT_DEMO_RESELLER_KEY = 'tbo_demo-reseller-key-for-local-tries-only';
export const DEMO_RESELLER_KEY_NAME = 'Demo reseller';

export const demoResellerKey = (env: NodeJS.ProcessEnv = process.env) => env.DEMO_RESELLER_KEY?.trim() || DEFAULT_DEMO_RESELLER_KEY;

/**
 * Issues the demo key to the demo agency under the demo supplier's contract, once: a key with the same hash already
 * issued (or revoked by an admin since) is left as it is. Runs after the contracts seed. Answers how many keys it
 * issued and the key, which the seed prints.
 */
export function seedResellerKey(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<{ issued: number; key: string }> {
  const key = demoResellerKey();
  return withSeedLock(app, 'reseller-key', async () => {
    await catchUp();
    const db = app.get<Knex>(KNEX);
    const [supplier, agency] = await Promise.all([findSupplierByName(db, DEMO_SUPPLIER.name), findAgencyByName(db, DEMO_AGENCY.name)]);
    if (!supplier || !agency || (await findResellerKeyByHash(db, hashResellerKey(key)))) return { issued: 0, key };
    await app.get(CommandBus).execute(new IssueResellerKeyCommand(supplier.id, agency.id, DEMO_RESELLER_KEY_NAME, systemContext('seed'), key));
    return { issued: 1, key };
  });
}
