import type { Knex } from 'knex';

/*
 * Columns many read tables share, named once: a table definition calls these and lists only its own columns.
 * Each makes exactly the column(s) its body says, so a table written with them is the same table as before.
 */

type Table = Knex.CreateTableBuilder;

/** A supplier's item: its id (the key) and the supplier owning it, which every supplier-scoped query filters on. */
export function supplierItemKey(t: Table): void {
  t.integer('id').primary();
  t.integer('supplier_id').notNullable();
}

/** A named item of a platform-wide list (countries, agencies, …): its id and name. */
export function namedItemKey(t: Table): void {
  t.integer('id').primary();
  t.text('name').notNullable();
}

/** Items are flagged deleted, never removed: a restore brings the row back and older references still resolve. */
export function deletedFlag(t: Table): void {
  t.boolean('is_deleted').notNullable().defaultTo(false);
}

/** The stream revision of the last event applied to the row: a replayed older event changes nothing, and edit forms send it back. */
export function streamVersion(t: Table): void {
  t.integer('version').notNullable();
}

/** The supplier and the agency a row is between (a contract, a reseller key, a commission): both required. */
export function supplierAndAgency(t: Table): void {
  t.integer('supplier_id').notNullable();
  t.integer('agency_id').notNullable();
}

/** An instant as the events record it, to the millisecond; the caller says whether it is required. */
export function instant(t: Table, name: string): Knex.ColumnBuilder {
  return t.specificType(name, 'timestamptz(3)');
}

/** An amount of money: two decimals, zero until an event sets it. */
export function money(t: Table, name: string): Knex.ColumnBuilder {
  return t.decimal(name, 14, 2).notNullable().defaultTo(0);
}
