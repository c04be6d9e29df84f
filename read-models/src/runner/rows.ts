import type { Knex } from 'knex';

/*
 * The row writes projections share. A row keyed by an item remembers in `version` the revision of the last event
 * applied to it, so a replayed (older) event changes nothing; rows without a version are written so that writing
 * the same event twice leaves them as once.
 */

type Row = Record<string, unknown>;
type Key = string | readonly string[];

/**
 * Inserts the row, or, when a row with its key is there, sets `columns` on it: the key, and `insertOnly` (what the
 * item belongs to, when only its creation says it), stay as they are.
 */
export async function upsertRow(trx: Knex.Transaction, table: string, key: Row, columns: Row, insertOnly: Row = {}): Promise<void> {
  await trx(table)
    .insert({ ...key, ...insertOnly, ...columns })
    .onConflict(Object.keys(key))
    .merge(Object.keys(columns));
}

/** Inserts the row(s); one whose key is there already (a replayed creation) is left as it is. */
export async function insertOnce(trx: Knex.Transaction, table: string, rows: Row | readonly Row[], key: Key = 'id'): Promise<void> {
  await trx(table)
    .insert(rows as Row | Row[])
    .onConflict(typeof key === 'string' ? [key] : [...key])
    .ignore();
}

/** insertOnce, `chunk` rows per statement (a statement's bind parameters are limited). */
export async function insertIgnoringReplays(trx: Knex.Transaction, table: string, rows: readonly Row[], chunk: number, key: Key = 'id'): Promise<void> {
  for (let i = 0; i < rows.length; i += chunk) await insertOnce(trx, table, rows.slice(i, i + chunk), key);
}

/** The row `key` names, while the event at `revision` is newer than it. */
export function whereNewer<Q extends Knex.QueryBuilder>(query: Q, key: Row, revision: number): Q {
  return query.where(key).andWhere('version', '<', revision) as Q;
}

/** Sets `columns` and the event's revision as the version on the row `key` names, when the event is newer than it. */
export async function updateIfNewer(trx: Knex.Transaction, table: string, key: Row, revision: number, columns: Row): Promise<void> {
  await whereNewer(trx(table), key, revision).update({ ...columns, version: revision });
}

/**
 * Inserts the row (its `version` the event's revision), or sets `merge` on the row with its key when the event is
 * newer than that row: a row many streams' events meet in (a departure's date) is made by whichever comes first.
 */
export async function upsertIfNewer(trx: Knex.Transaction, table: string, row: Row & { version: number }, key: readonly string[], merge: Row): Promise<void> {
  await trx(table)
    .insert(row)
    .onConflict([...key])
    .merge(merge)
    .where(`${table}.version`, '<', row.version);
}

/** Flags the item deleted or restored (items are never removed: older references still resolve), with `stamp` (e.g. its version). */
export async function flagDeleted(trx: Knex.Transaction, table: string, id: number, isDeleted: boolean, stamp: Row = {}): Promise<void> {
  await trx(table).where({ id }).update({ is_deleted: isDeleted, ...stamp });
}
