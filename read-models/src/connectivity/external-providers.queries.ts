import type { Knex } from 'knex';

export interface ExternalProviderRow {
  id: number;
  supplierId: number;
  name: string;
  baseUrl: string;
  hasApiKey: boolean;
  isDeleted: boolean;
  version: number;
}

export type ExternalProviderListRow = Omit<ExternalProviderRow, 'supplierId' | 'isDeleted'>;

/** Case-insensitive name order, then id, matching the (supplier_id, lower(name), id) index. */
const NAME_ORDER = 'lower(name) asc, id asc';

/** The supplier's providers that are not deleted, by name: the admin's list. */
export async function listExternalProviders(db: Knex, supplierId: number): Promise<ExternalProviderListRow[]> {
  return db('external_providers')
    .select('id', 'name', 'base_url as baseUrl', 'has_api_key as hasApiKey', 'version')
    .where({ supplier_id: supplierId, is_deleted: false })
    .orderByRaw(NAME_ORDER);
}

/** The time slot editor's provider dropdown: id and name of the supplier's providers that are not deleted. */
export async function externalProviderOptions(db: Knex, supplierId: number): Promise<{ id: number; name: string }[]> {
  return db('external_providers').select('id', 'name').where({ supplier_id: supplierId, is_deleted: false }).orderByRaw(NAME_ORDER);
}

export async function findExternalProvider(db: Knex, id: number): Promise<ExternalProviderRow | undefined> {
  return db('external_providers')
    .select('id', 'supplier_id as supplierId', 'name', 'base_url as baseUrl', 'has_api_key as hasApiKey', 'is_deleted as isDeleted', 'version')
    .where({ id })
    .first();
}
