import type { Knex } from 'knex';

/** The stored sections of a supplier's profile (null: that section was never saved). */
export interface SupplierProfileRow {
  core: Record<string, unknown> | null;
  contacts: Record<string, unknown> | null;
  defaultSettings: Record<string, unknown> | null;
  cancellationPolicy: { cancellationPolicy: { hours: number; percents: number }[] } | null;
  version: number;
}

export async function findSupplierProfile(db: Knex, supplierId: number): Promise<SupplierProfileRow | undefined> {
  return db('supplier_profiles')
    .select('core', 'contacts', 'default_settings as defaultSettings', 'cancellation_policy as cancellationPolicy', 'version')
    .where({ supplier_id: supplierId })
    .first();
}

export async function findSupplierAccountSettings(db: Knex, supplierId: number): Promise<{ settings: Record<string, unknown>; version: number } | undefined> {
  return db('supplier_account_settings').select('settings', 'version').where({ supplier_id: supplierId }).first();
}
