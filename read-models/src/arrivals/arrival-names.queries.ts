import type { Knex } from 'knex';

/**
 * The hotels' and agencies' names and ids an arrival list gives or a manual entry chooses (the import handler's
 * look-ups). Exported with arrivals.queries.ts.
 */

/** A hotel's name by id (a manual entry's chosen hotel), or undefined when there is no such hotel. */
export async function hotelNameById(db: Knex, id: number): Promise<string | undefined> {
  return (await db('hotels').where({ id }).first<{ name: string } | undefined>('name'))?.name;
}

/** An agency's name by id, or undefined when there is no such agency. */
export async function agencyNameById(db: Knex, id: number): Promise<string | undefined> {
  return (await db('agencies').where({ id }).first<{ name: string } | undefined>('name'))?.name;
}

/** Agencies by lower-cased name (an imported file names its agency). */
export async function agencyIdsByName(db: Knex): Promise<Map<string, number>> {
  const rows = await db('agencies').select<{ id: number; name: string }[]>('id', 'name');
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}

/** Hotels by lower-cased name. */
export async function hotelIdsByName(db: Knex): Promise<Map<string, number>> {
  const rows = await db('hotels').select<{ id: number; name: string }[]>('id', 'name');
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}
