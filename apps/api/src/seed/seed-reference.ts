import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import { findReferenceByName } from '@tbo/read-models';
import { ISO_COUNTRIES, SaveReferenceItemCommand, type ReferenceItemInput, type SavedReferenceItem } from '@tbo/reference';
import { KNEX, systemContext } from '@tbo/kernel';
import type { ReferenceKind } from '@tbo/event-schemas';
import { withSeedLock } from './seed-lock';
import { SEED_CITIES, SEED_HOTELS, SEED_REGIONS, SEED_TICKET_TYPES, SEED_TOUR_CATEGORIES } from './reference-data';

const UAE = 784;

/**
 * Countries (ISO 3166-1, by numeric code), cities, regions, hotels, tour categories and ticket
 * types, through the same command as the API. Items are found by name (within their city or
 * region), so running it again changes nothing. Each level needs the one before in the read
 * tables (a hotel's region, a region's city), hence catchUp between levels. Answers how many
 * items were added or changed. Seeds of the reference data take turns.
 */
export function seedReference(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  return withSeedLock(app, 'reference', async () => {
    await catchUp();
    return seedReferenceData(app.get(CommandBus), app.get<Knex>(KNEX), catchUp);
  });
}

async function seedReferenceData(commands: CommandBus, db: Knex, catchUp: () => Promise<void>): Promise<number> {
  const context = systemContext('seed');
  let changed = 0;
  const save = async <K extends ReferenceKind>(kind: K, input: ReferenceItemInput<K>, naturalId = false) => {
    const saved = (await commands.execute(new SaveReferenceItemCommand(kind, input, context, { naturalId }))) as SavedReferenceItem;
    if (saved.position) changed++;
    return saved;
  };

  for (const c of ISO_COUNTRIES) await save('Country', { id: c.id, name: c.name, code: c.code }, true);
  await catchUp();

  for (const name of SEED_CITIES) {
    const id = (await findReferenceByName(db, 'cities', name, { country_id: UAE }))?.id ?? 0;
    if (!id) await save('City', { id, name, countryId: UAE });
  }
  await catchUp();

  for (const [city, regions] of Object.entries(SEED_REGIONS)) {
    const cityId = (await findReferenceByName(db, 'cities', city, { country_id: UAE }))!.id;
    for (const name of regions) {
      if (!(await findReferenceByName(db, 'regions', name, { city_id: cityId }))) await save('Region', { id: 0, name, cityId, isActive: true });
    }
  }
  await catchUp();

  const dubai = (await findReferenceByName(db, 'cities', 'Dubai', { country_id: UAE }))!.id;
  for (const [region, hotels] of Object.entries(SEED_HOTELS)) {
    const regionId = (await findReferenceByName(db, 'regions', region, { city_id: dubai }))!.id;
    for (const name of hotels) {
      if (!(await findReferenceByName(db, 'hotels', name))) await save('Hotel', { id: 0, name, regionId });
    }
  }
  for (const name of SEED_TOUR_CATEGORIES) {
    if (!(await findReferenceByName(db, 'tour_categories', name))) await save('TourCategory', { id: 0, name });
  }
  for (const t of SEED_TICKET_TYPES) {
    if (!(await findReferenceByName(db, 'ticket_types', t.name))) await save('TicketType', { id: 0, ...t });
  }
  // What comes next (a tour naming a category, an offer a ticket type) finds the last items in the read tables too.
  await catchUp();
  return changed;
}
