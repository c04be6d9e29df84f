import type { Knex } from 'knex';

/** An in-house guest as a new booking names them: whose arrivals list it is on, and the group it travels in. */
export interface ArrivalLinkRow {
  arrivalId: number;
  supplierId: number;
  groupId: number | null;
  groupInfoId: number | null;
}

/**
 * The arrival a booking names, when the booker may see it: an agency's agents their agency's arrivals, the
 * supplier's staff the supplier's. Null for a deleted arrival or one that is not theirs.
 */
export async function arrivalForBooking(db: Knex, arrivalId: number, scope: { agencyId: number } | { supplierId: number }): Promise<ArrivalLinkRow | null> {
  const q = db('arrivals').where({ id: arrivalId, is_deleted: false }).first<ArrivalLinkRow | undefined>('id as arrivalId', 'supplier_id as supplierId', 'group_id as groupId', 'group_info_id as groupInfoId');
  if ('agencyId' in scope) q.where('agency_id', scope.agencyId);
  else q.where('supplier_id', scope.supplierId);
  return (await q) ?? null;
}
