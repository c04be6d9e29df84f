import { z } from 'zod';
import { apiCall } from '../../../../lib/api-client';
import { afterQuery, rememberPosition } from '../../../../lib/read-after';

/** Read your writes for an agency's keys: the list follows the last issue or revocation. */
const afterKey = (agencyId: number) => `tbo.resellerKeys.${agencyId}.after`;

/** GET /api/contracts/{agencyId}/reseller-keys: never the key, only its first characters. */
export const resellerKeyRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  keyPrefix: z.string(),
  issuedAt: z.string(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type ResellerKeyRow = z.output<typeof resellerKeyRowSchema>;

const issuedKeySchema = z.object({ id: z.number(), name: z.string(), keyPrefix: z.string(), key: z.string(), issuedAt: z.string(), position: z.string().nullable() });
export type IssuedKey = z.output<typeof issuedKeySchema>;

const revokedKeySchema = z.object({ id: z.number(), revokedAt: z.string(), position: z.string().nullable() });

export const resellerKeysKey = (agencyId: number) => ['admin', 'contracts', agencyId, 'reseller-keys'] as const;

export function listResellerKeys(agencyId: number, signal?: AbortSignal): Promise<ResellerKeyRow[]> {
  const rows = z
    .array(resellerKeyRowSchema)
    .nullable()
    .transform((r) => r ?? []);
  return apiCall(rows, 'GET', `/api/contracts/${agencyId}/reseller-keys${afterQuery(afterKey(agencyId))}`, undefined, { signal });
}

/** Silent: the dialog places the messages itself. The answer is the only time the key is shown. */
export async function issueResellerKey(agencyId: number, name: string): Promise<IssuedKey> {
  const issued = await apiCall(issuedKeySchema, 'POST', `/api/contracts/${agencyId}/reseller-keys`, { name }, { silent: true });
  rememberPosition(issued.position, afterKey(agencyId));
  return issued;
}

/** Errors are notified by the shared call. */
export async function revokeResellerKey(agencyId: number, keyId: number): Promise<void> {
  const revoked = await apiCall(revokedKeySchema, 'POST', `/api/contracts/${agencyId}/reseller-keys/${keyId}/revoke`);
  rememberPosition(revoked.position, afterKey(agencyId));
}
