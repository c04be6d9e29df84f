import type { Knex } from 'knex';

/**
 * The hotels' and agencies' names and ids an arrival list gives or a manual entry chooses (the import handler's
 * look-ups). Exported with arrivals.queries.ts.
 */

/** A hotel's name by id (a manual entry's chosen hotel), or undefined when there is no such hotel. */
export async function hotelNameById(db: Knex, id: number): Promise<string | undefined> {
  return (await db('hotels').where({ id }).first<{ name: string } | undefined>('name'))?.name;
}

/**
 * The agencies a supplier's arrivals may name: those it has a contract with (suspended ones too, as the manual
 * entry's Agency choice lists them). Any other agency is unknown here, so its name is neither shown nor linked.
 */
const contractedAgencies = (db: Knex, supplierId: number) =>
  db('agencies as a').join('contracts as c', function () {
    this.on('c.agency_id', 'a.id').andOn('c.supplier_id', db.raw('?', [supplierId]));
  });

/** A contracted agency's name by id, or undefined when the supplier has no contract with such an agency. */
export async function agencyNameById(db: Knex, supplierId: number, id: number): Promise<string | undefined> {
  return (await contractedAgencies(db, supplierId).where('a.id', id).first<{ name: string } | undefined>('a.name'))?.name;
}

/** The supplier's contracted agencies by lower-cased name (an imported file names its agency). */
export async function agencyIdsByName(db: Knex, supplierId: number): Promise<Map<string, number>> {
  const rows = await contractedAgencies(db, supplierId).select<{ id: number; name: string }[]>('a.id', 'a.name');
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}

/** Hotels by lower-cased name. */
export async function hotelIdsByName(db: Knex): Promise<Map<string, number>> {
  const rows = await db('hotels').select<{ id: number; name: string }[]>('id', 'name');
  return new Map(rows.map((r) => [r.name.trim().toLowerCase(), r.id]));
}
