import type { Knex } from 'knex';

/** A row of an agency's "API keys" on the contracting tab: never the key, only its first characters. */
export interface ResellerKeyListRow {
  id: number;
  name: string;
  keyPrefix: string;
  issuedAt: string;
  revokedAt: string | null;
  lastUsedAt: string | null;
}

/** What the OCTO guard learns from a key's hash (its revocation is asked of the key's stream). */
export interface ResellerKeyMatch {
  id: number;
  supplierId: number;
  agencyId: number;
  /** From the contracts read table; '' before it has the contract. */
  agencyName: string;
  lastUsedAt: Date | null;
}

const iso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

/** The supplier's keys for one agency, newest first. */
export async function listResellerKeys(db: Knex, supplierId: number, agencyId: number): Promise<ResellerKeyListRow[]> {
  const rows: { id: number; name: string; keyPrefix: string; issuedAt: Date; revokedAt: Date | null; lastUsedAt: Date | null }[] = await db('reseller_keys')
    .select('id', 'name', 'key_prefix as keyPrefix', 'issued_at as issuedAt', 'revoked_at as revokedAt', 'last_used_at as lastUsedAt')
    .where({ supplier_id: supplierId, agency_id: agencyId })
    .orderBy('id', 'desc');
  return rows.map((r) => ({ ...r, issuedAt: iso(r.issuedAt)!, revokedAt: iso(r.revokedAt), lastUsedAt: iso(r.lastUsedAt) }));
}

export async function findResellerKeyByHash(db: Knex, keyHash: string): Promise<ResellerKeyMatch | undefined> {
  const row: (Omit<ResellerKeyMatch, 'agencyName'> & { agencyName: string | null }) | undefined = await db('reseller_keys as k')
    .leftJoin('contracts as c', (j) => j.on('c.supplier_id', 'k.supplier_id').andOn('c.agency_id', 'k.agency_id'))
    .select('k.id', 'k.supplier_id as supplierId', 'k.agency_id as agencyId', 'c.agency_name as agencyName', 'k.last_used_at as lastUsedAt')
    .where('k.key_hash', keyHash)
    .first();
  return row && { ...row, agencyName: row.agencyName ?? '' };
}

/**
 * Telemetry, not a fact: the guard notes a key's use straight in its row, at most once per `everyMs` (a busy reseller
 * would otherwise write on every request). Answers whether the row changed.
 */
export async function noteResellerKeyUsed(db: Knex, id: number, at: Date, everyMs = 60_000): Promise<boolean> {
  const changed = await db('reseller_keys')
    .where({ id })
    .andWhere((q) => q.whereNull('last_used_at').orWhere('last_used_at', '<=', new Date(at.getTime() - everyMs)))
    .update({ last_used_at: at });
  return changed > 0;
}
