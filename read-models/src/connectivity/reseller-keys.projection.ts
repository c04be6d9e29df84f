import type { ResellerKeyEvent } from '@tbo/event-schemas';
import { instant, supplierAndAgency } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { upsertRow } from '../runner/rows';

/**
 * Resellers' API keys: one row per key with what the contracting tab lists (name, first characters, issued and
 * revoked times) and the key's SHA-256, by which the OCTO guard finds the key a request presents. The guard then
 * asks the key's stream whether it is revoked, so this table's lag never lets a revoked key in.
 *
 * `last_used_at` is the one column no event writes: the guard sets it (at most once a minute per key) as telemetry,
 * not a fact to audit. A replay keeps it (the merge leaves it alone); a rebuild into new tables starts it afresh.
 */
export const resellerKeysProjection = defineProjection<ResellerKeyEvent>({
  name: 'reseller_keys',
  version: 1,
  handles: ['ResellerKeyIssued', 'ResellerKeyRevoked'],
  tables: {
    reseller_keys: (t) => {
      t.integer('id').primary();
      supplierAndAgency(t);
      t.text('name').notNullable();
      t.text('key_hash').notNullable().unique();
      t.text('key_prefix').notNullable();
      instant(t, 'issued_at').notNullable();
      instant(t, 'revoked_at');
      instant(t, 'last_used_at');
      // The contracting tab lists one agency's keys of one supplier.
      t.index(['supplier_id', 'agency_id', 'id']);
    },
  },
  async apply({ trx, table }, event) {
    const keys = table('reseller_keys');
    switch (event.type) {
      case 'ResellerKeyIssued': {
        const d = event.data;
        const columns = { supplier_id: d.supplierId, agency_id: d.agencyId, name: d.name, key_hash: d.keyHash, key_prefix: d.keyPrefix, issued_at: event.metadata.occurredAt };
        await upsertRow(trx, keys, { id: d.id }, columns);
        return;
      }
      case 'ResellerKeyRevoked':
        await trx(keys).where({ id: event.data.id }).update({ revoked_at: event.metadata.occurredAt });
        return;
    }
  },
});
