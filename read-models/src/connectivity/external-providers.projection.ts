import type { ExternalProviderEvent } from '@tbo/event-schemas';
import { defineProjection } from '../runner/projection';

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
      t.integer('id').primary();
      t.integer('supplier_id').notNullable();
      t.text('name').notNullable();
      t.text('base_url').notNullable();
      t.boolean('has_api_key').notNullable();
      t.boolean('is_deleted').notNullable().defaultTo(false);
      t.integer('version').notNullable();
    },
  },
  async afterCreate(trx, table) {
    // Lists and dropdowns read a supplier's providers in name order.
    const providers = table('external_providers');
    await trx.raw('CREATE INDEX ?? ON ?? (supplier_id, lower(name), id) INCLUDE (is_deleted)', [`${providers}_supplier_name`, providers]);
  },
  async apply({ trx, table }, event) {
    const providers = table('external_providers');
    const version = event.revision;
    switch (event.type) {
      case 'ExternalProviderSaved': {
        const d = event.data;
        const columns = { supplier_id: d.supplierId, name: d.name, base_url: d.baseUrl, has_api_key: true, version };
        await trx(providers)
          .insert({ id: d.id, ...columns })
          .onConflict('id')
          .merge(Object.keys(columns));
        return;
      }
      case 'ExternalProviderDeleted':
        await trx(providers).where({ id: event.data.id }).update({ is_deleted: true, version });
        return;
    }
  },
});
