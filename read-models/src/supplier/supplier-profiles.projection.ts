import type { SupplierAccountEvent, SupplierProfileEvent } from '@tbo/event-schemas';
import { streamVersion } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { upsertRow } from '../runner/rows';

/**
 * One row per supplier with each profile section as jsonb (the API answers them whole), and
 * the stream revision as the version the client sends back for optimistic concurrency.
 */
export const supplierProfilesProjection = defineProjection<SupplierProfileEvent | SupplierAccountEvent>({
  name: 'supplier_profiles',
  version: 1,
  handles: [
    'SupplierCoreDetailsChanged',
    'SupplierContactsChanged',
    'SupplierDefaultSettingsChanged',
    'SupplierCancellationPolicyChanged',
    'SupplierAccountSettingsChanged',
  ],
  tables: {
    supplier_profiles: (t) => {
      t.integer('supplier_id').primary();
      t.jsonb('core');
      t.jsonb('contacts');
      t.jsonb('default_settings');
      t.jsonb('cancellation_policy');
      streamVersion(t);
    },
    supplier_account_settings: (t) => {
      t.integer('supplier_id').primary();
      t.jsonb('settings').notNullable();
      streamVersion(t);
    },
  },
  async apply({ trx, table }, event) {
    const { supplierId, ...section } = event.data;
    const json = JSON.stringify(section);
    if (event.type === 'SupplierAccountSettingsChanged') {
      await upsertRow(trx, table('supplier_account_settings'), { supplier_id: supplierId }, { settings: json, version: event.revision });
      return;
    }
    const column = {
      SupplierCoreDetailsChanged: 'core',
      SupplierContactsChanged: 'contacts',
      SupplierDefaultSettingsChanged: 'default_settings',
      SupplierCancellationPolicyChanged: 'cancellation_policy',
    }[event.type];
    await upsertRow(trx, table('supplier_profiles'), { supplier_id: supplierId }, { [column]: json, version: event.revision });
  },
});
