import type request from 'supertest';
import type { IssuedResellerKey, RevokedResellerKey } from '@tbo/connectivity';

type Http = ReturnType<typeof request>;

/**
 * Issues an API key to a contracted agency through the admin route and waits until the reseller_keys read model
 * has it, so the key opens /octo at once. Throws with the answer when the route refuses.
 */
export async function issuedResellerKey(http: Http, adminHeaders: Record<string, string>, agencyId: number, name = 'Test reseller'): Promise<IssuedResellerKey> {
  const res = await http.post(`/api/contracts/${agencyId}/reseller-keys`).set(adminHeaders).send({ name });
  if (res.status !== 200) throw new Error(`issuing a reseller key answered ${res.status}: ${JSON.stringify(res.body)}`);
  const issued = res.body.Content as IssuedResellerKey;
  const listed = await http.get(`/api/contracts/${agencyId}/reseller-keys`).query({ after: issued.position }).set(adminHeaders);
  if (!(listed.body.Content as { id: number }[] | null)?.some((k) => k.id === issued.id)) throw new Error(`the issued key ${issued.id} is not listed: ${JSON.stringify(listed.body)}`);
  return issued;
}

/** The key in clear, ready for `Authorization: Bearer <key>`. */
export async function issueResellerKey(http: Http, adminHeaders: Record<string, string>, agencyId: number, name?: string): Promise<string> {
  return (await issuedResellerKey(http, adminHeaders, agencyId, name)).key;
}

export async function revokeResellerKey(http: Http, adminHeaders: Record<string, string>, agencyId: number, keyId: number): Promise<RevokedResellerKey> {
  const res = await http.post(`/api/contracts/${agencyId}/reseller-keys/${keyId}/revoke`).set(adminHeaders);
  if (res.status !== 200) throw new Error(`revoking reseller key ${keyId} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.Content;
}
