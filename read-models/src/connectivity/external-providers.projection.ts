import type { ExternalProviderEvent } from '@tbo/event-schemas';
import { deletedFlag, streamVersion, supplierItemKey } from '../runner/columns';
import { supplierNameIndex } from '../runner/indexes';
import { defineProjection } from '../runner/projection';
import { flagDeleted, upsertRow } from '../runner/rows';

/**
 * External providers: one row per provider with what lists and dropdowns show (name, base URL, whether a key is
 * stored), its owner and the stream revision as the version the edit form sends back. The sealed API key is
 * deliberately not copied here: it stays on the provider's stream, read only to call the provider, so no read
 * table, export or rebuild ever holds a credential.
 */
export const externalProvidersProjection = defineProjection<ExternalProviderEvent>({
  name: 'external_providers',
  version: 1,
  handles: ['ExternalProviderSaved', 'ExternalProviderDeleted'],
  tables: {
    external_providers: (t) => {
      supplierItemKey(t);
      t.text('name').notNullable();
      t.text('base_url').notNullable();
      t.boolean('has_api_key').notNullable();
      deletedFlag(t);
      streamVersion(t);
    },
  },
  async afterCreate(trx, table) {
    // Lists and dropdowns read a supplier's providers in name order.
    await supplierNameIndex(trx, table('external_providers'), 'is_deleted');
  },
  async apply({ trx, table }, event) {
    const providers = table('external_providers');
    const version = event.revision;
    switch (event.type) {
      case 'ExternalProviderSaved': {
        const d = event.data;
        await upsertRow(trx, providers, { id: d.id }, { supplier_id: d.supplierId, name: d.name, base_url: d.baseUrl, has_api_key: true, version });
        return;
      }
      case 'ExternalProviderDeleted':
        await flagDeleted(trx, providers, event.data.id, true, { version });
        return;
    }
  },
});
