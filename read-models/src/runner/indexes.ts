import type { Knex } from 'knex';

/**
 * The index a supplier's list in name order reads (case-insensitive name, then id), named `<table>_supplier_name`.
 * `include` rides along so a list that filters on it (deleted or not) stays an index-only scan.
 */
export async function supplierNameIndex(trx: Knex.Transaction, table: string, include?: 'is_deleted'): Promise<void> {
  const columns = `(supplier_id, lower(name), id)${include ? ` INCLUDE (${include})` : ''}`;
  await trx.raw(`CREATE INDEX ?? ON ?? ${columns}`, [`${table}_supplier_name`, table]);
}
