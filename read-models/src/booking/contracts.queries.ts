import type { Knex } from 'knex';

/** A row of the contracting tab. */
export interface ContractListRow {
  agencyId: number;
  agencyName: string;
  /** Percent; null: the valid period's commission applies. */
  commission: number | null;
  isSuspended: boolean;
  signedAt: string;
  /** The agency's users (its agents). */
  agents: number;
}

/** The supplier's contracts by agency name, with how many agents each agency has. */
export function listContracts(db: Knex, supplierId: number): Promise<ContractListRow[]> {
  return contractRows(db, supplierId);
}

/** One contract of the supplier, as the list shows it (undefined when none). */
export async function findContract(db: Knex, supplierId: number, agencyId: number): Promise<ContractListRow | undefined> {
  return (await contractRows(db, supplierId, agencyId))[0];
}

async function contractRows(db: Knex, supplierId: number, agencyId?: number): Promise<ContractListRow[]> {
  const rows: { agencyId: number; agencyName: string; commission: number | null; isSuspended: boolean; signedAt: Date; agents: string | number }[] = await db('contracts as c')
    .select('c.agency_id as agencyId', 'c.agency_name as agencyName', 'c.commission', 'c.is_suspended as isSuspended', 'c.signed_at as signedAt')
    .select(db('users as u').count('*').where('u.agency_id', db.ref('c.agency_id')).as('agents'))
    .where('c.supplier_id', supplierId)
    .modify((q: Knex.QueryBuilder) => {
      if (agencyId !== undefined) void q.andWhere('c.agency_id', agencyId);
    })
    .orderByRaw('lower(c.agency_name) asc, c.agency_id asc');
  return rows.map((r) => ({ ...r, commission: r.commission === null ? null : Number(r.commission), signedAt: new Date(r.signedAt).toISOString(), agents: Number(r.agents) }));
}

/** Agencies the supplier has not contracted yet, by name: what the admin may sign. */
export async function uncontractedAgencies(db: Knex, supplierId: number): Promise<{ id: number; name: string }[]> {
  return db('contract_agencies as a')
    .select('a.id', 'a.name')
    .whereNotExists(db('contracts as c').select(db.raw('1')).where('c.supplier_id', supplierId).andWhere('c.agency_id', db.ref('a.id')))
    .orderByRaw('lower(a.name) asc, a.id asc');
}

/** The suppliers whose contract with the agency is active, with the commission each gives it. */
export async function activeSuppliersOfAgency(db: Knex, agencyId: number): Promise<{ supplierId: number; commission: number | null }[]> {
  const rows: { supplierId: number; commission: number | null }[] = await db('contracts')
    .select('supplier_id as supplierId', 'commission')
    .where({ agency_id: agencyId, is_suspended: false })
    .orderBy('supplier_id');
  return rows.map((r) => ({ supplierId: r.supplierId, commission: r.commission === null ? null : Number(r.commission) }));
}

/** A registered agency by id (undefined when none is known yet). */
export async function findContractAgency(db: Knex, id: number): Promise<{ id: number; name: string } | undefined> {
  return db('contract_agencies').select('id', 'name').where({ id }).first();
}
