import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { ContractBook, SignContractCommand } from '@tbo/booking';
import { findAgencyByName, findSupplierByName } from '@tbo/read-models';
import { KNEX, systemContext } from '@tbo/kernel';
import { DEMO_AGENCY, DEMO_SUPPLIER } from './seed-identity';
import { withSeedLock } from './seed-lock';

/**
 * The demo supplier contracts the demo agency at the valid periods' own commission, so the demo agents see and
 * book its tours. Runs after the identity seed; only while there is no contract at all, so a suspension or a
 * commission an admin set is kept. Answers how many contracts it signed.
 */
export function seedContracts(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  return withSeedLock(app, 'contracts', async () => {
    await catchUp();
    const db = app.get<Knex>(KNEX);
    const [supplier, agency] = await Promise.all([findSupplierByName(db, DEMO_SUPPLIER.name), findAgencyByName(db, DEMO_AGENCY.name)]);
    if (!supplier || !agency) return 0;
    if (await app.get(ContractBook).contractOf(supplier.id, agency.id)) return 0;
    await app.get(CommandBus).execute(new SignContractCommand(supplier.id, agency.id, null, systemContext('seed')));
    return 1;
  });
}
