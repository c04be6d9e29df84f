import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { allProjections, ProjectionHost } from '@tbo/read-models';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { seedCatalog } from './seed-catalog';
import { seedArrivals } from './seed-arrivals';
import { seedBookings } from './seed-bookings';
import { seedContracts } from './seed-contracts';
import { seedIdentity } from './seed-identity';
import { seedLanguages } from './seed-languages';
import { seedManifestStaff } from './seed-manifest-staff';
import { seedOctoProduct } from './seed-octo-product';
import { seedReference } from './seed-reference';
import { seedResellerKey } from './seed-reseller-key';
import { seedScheduling } from './seed-scheduling';
import { seedSupplier } from './seed-supplier';
import { seedTicketStock } from './seed-ticket-stock';
import { SeedModule } from './seed.module';

const quiet = { log: () => undefined, warn: console.warn, error: console.error };

/** `npm run seed`: demo data through commands. Safe to run again: it only adds or fixes what is missing. */
async function main(): Promise<void> {
  const app = await NestFactory.createApplicationContext(SeedModule, { logger: ['error', 'warn'] });
  const db = app.get<Knex>(KNEX);
  const projections = new ProjectionHost(db, app.get<EventStore>(EVENT_STORE), allProjections, quiet);
  try {
    // Seeding reads what exists from the read tables, so bring them up to date first.
    await projections.catchUp();
    const languages = await seedLanguages(app.get(CommandBus), db);
    const identity = await seedIdentity(app, () => projections.catchUp());
    const contracts = await seedContracts(app, () => projections.catchUp());
    const resellerKey = await seedResellerKey(app, () => projections.catchUp());
    const reference = await seedReference(app, () => projections.catchUp());
    const supplier = await seedSupplier(app, () => projections.catchUp());
    // Before the catalog: the demo offers select these slots.
    const scheduling = await seedScheduling(app, () => projections.catchUp());
    const catalog = await seedCatalog(app, () => projections.catchUp());
    const octoProduct = await seedOctoProduct(app, () => projections.catchUp());
    // Before the bookings: the demo Burj Khalifa offer's bookings take ticket codes.
    const tickets = await seedTicketStock(app, () => projections.catchUp());
    const bookings = await seedBookings(app, () => projections.catchUp());
    const arrivals = await seedArrivals(app, () => projections.catchUp());
    // After the arrivals: their group bookings are departures too.
    const crew = await seedManifestStaff(app, () => projections.catchUp());
    await projections.catchUp();
    console.log(`seed: ${languages} language(s) added or changed`);
    console.log(`seed: ${identity} supplier(s), agency(ies) and user(s) added`);
    console.log(`seed: ${contracts} contract(s) signed`);
    console.log(`seed: ${resellerKey.issued} reseller key(s) issued; the demo agency's OCTO key: ${resellerKey.key}`);
    console.log(`seed: ${reference} reference item(s) added or changed`);
    console.log(`seed: ${supplier} supplier profile(s) and account setting(s) added`);
    console.log(`seed: ${scheduling} pick-up time(s), time slot group(s) and slot(s) added`);
    console.log(`seed: ${catalog} tour(s) and offer(s) added`);
    console.log(`seed: ${octoProduct} item(s) of the OCTO demo product added (tour, offer, period, slots, pick-up)`);
    console.log(`seed: ${tickets} ticket code(s) loaded into stock`);
    console.log(`seed: ${bookings} booking(s) added`);
    console.log(`seed: ${arrivals} arrival(s) and group booking(s) added`);
    console.log(`seed: ${crew} driver and guide assignment(s) added`);
  } finally {
    await app.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
