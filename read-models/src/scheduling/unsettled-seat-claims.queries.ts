import type { Knex } from 'knex';
import { UNSETTLED_SEAT_CLAIMS_TABLE, type UnsettledClaimKind } from './unsettled-seat-claims.projection';
import { claimColumns, claimOf, type ClaimColumnsRow } from './departure-holds.queries';

/** A claim not settled yet, as the seat-claims sweep needs it (the settling job's data, and where to go on from). */
export interface UnsettledSeatClaim {
  claimId: string;
  bookingId: number;
  departure: { supplierId: number; groupId: number; timeSlotId: number | null; date: string };
  kind: UnsettledClaimKind;
  since: Date;
}

/**
 * Claims unsettled since `before` or earlier, the oldest first, at most `limit`; `after` (the last claim of the
 * previous page) pages on by (since, claim), so claims the sweep left as they were are not read again.
 */
export async function unsettledSeatClaims(db: Knex, before: Date, limit: number, after?: Pick<UnsettledSeatClaim, 'since' | 'claimId'>): Promise<UnsettledSeatClaim[]> {
  const query = db(UNSETTLED_SEAT_CLAIMS_TABLE)
    .select(...claimColumns(db), 'kind', 'since')
    .where('since', '<=', before)
    .orderBy([{ column: 'since' }, { column: 'claim_id' }])
    .limit(limit);
  if (after) query.andWhereRaw('(since, claim_id) > (?, ?::uuid)', [after.since, after.claimId]);
  const rows = (await query) as (ClaimColumnsRow & { kind: UnsettledClaimKind; since: Date })[];
  return rows.map((r) => ({ ...claimOf(r), kind: r.kind, since: r.since }));
}
