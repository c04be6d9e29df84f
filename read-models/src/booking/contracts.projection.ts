import type { AgencyEvent, ContractEvent } from '@tbo/event-schemas';
import { instant, namedItemKey, supplierAndAgency } from '../runner/columns';
import { defineProjection } from '../runner/projection';
import { upsertRow } from '../runner/rows';

/**
 * Which agencies each supplier contracts: one row per contract with the agency's name (from identity's
 * AgencyRegistered, kept here too so the row is whole and the admin can pick an agency not yet contracted), the
 * commission (null: the valid period's), whether it is suspended and when it was signed. Bookings never decide on
 * these rows: the contract's stream is what a booking checks.
 */
export const contractsProjection = defineProjection<ContractEvent | AgencyEvent>({
  name: 'contracts',
  version: 1,
  handles: ['AgencyRegistered', 'ContractSigned', 'ContractCommissionSet', 'ContractSuspended', 'ContractResumed'],
  tables: {
    contracts: (t) => {
      supplierAndAgency(t);
      t.text('agency_name').notNullable().defaultTo('');
      t.double('commission');
      t.boolean('is_suspended').notNullable().defaultTo(false);
      instant(t, 'signed_at').notNullable();
      t.primary(['supplier_id', 'agency_id']);
      // An agent's tours: the suppliers contracting the agency.
      t.index(['agency_id']);
    },
    contract_agencies: (t) => {
      namedItemKey(t);
    },
  },
  async apply({ trx, table }, event) {
    const contracts = table('contracts');
    switch (event.type) {
      case 'AgencyRegistered': {
        const { id, name } = event.data;
        await upsertRow(trx, table('contract_agencies'), { id }, { name });
        await trx(contracts).where({ agency_id: id }).update({ agency_name: name });
        return;
      }
      case 'ContractSigned': {
        const { supplierId, agencyId, commission } = event.data;
        const agency = await trx(table('contract_agencies')).select('name').where({ id: agencyId }).first<{ name: string } | undefined>();
        const contract = { agency_name: agency?.name ?? '', commission, is_suspended: false, signed_at: event.metadata.occurredAt };
        await upsertRow(trx, contracts, { supplier_id: supplierId, agency_id: agencyId }, contract);
        return;
      }
      case 'ContractCommissionSet': {
        const { supplierId, agencyId, commission } = event.data;
        await trx(contracts).where({ supplier_id: supplierId, agency_id: agencyId }).update({ commission });
        return;
      }
      case 'ContractSuspended':
      case 'ContractResumed': {
        const { supplierId, agencyId } = event.data;
        await trx(contracts).where({ supplier_id: supplierId, agency_id: agencyId }).update({ is_suspended: event.type === 'ContractSuspended' });
        return;
      }
    }
  },
});
