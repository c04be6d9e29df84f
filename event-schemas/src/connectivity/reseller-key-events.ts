import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

/**
 * A reseller's API key for the OCTO supplier API (stream `resellerkey-<id>`): issued by a supplier's admin to one
 * contracted agency, revoked for good. The key itself never reaches an event: only its SHA-256 (to find the key
 * a request presents) and its first characters (so a person can tell keys apart in a list).
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const key = { id, supplierId: id, agencyId: id };

/** Limits shared with the module's input rules. */
export const RESELLER_KEY_NAME_MAX = 100;
export const RESELLER_KEY_PREFIX_LENGTH = 8;

export const ResellerKeyIssued = z.object({
  ...key,
  name: z.string().max(RESELLER_KEY_NAME_MAX).refine((n) => n.trim() !== '', 'name is required'),
  keyHash: z.string().regex(/^[0-9a-f]{64}$/, 'must be a SHA-256 in hex'),
  keyPrefix: z.string().length(RESELLER_KEY_PREFIX_LENGTH),
});
export const ResellerKeyRevoked = z.object(key);

export type ResellerKeyIssuedData = z.infer<typeof ResellerKeyIssued>;

/** The schema of each event type, by type. */
export const resellerKeyEventTypes = { ResellerKeyIssued, ResellerKeyRevoked };
export type ResellerKeyEvent = EventUnion<typeof resellerKeyEventTypes>;

const k = { id: 1, supplierId: 1, agencyId: 2 };
export const resellerKeyEventSchemas: EventSchemaDefinition[] = [
  { type: 'ResellerKeyIssued', version: 1, schema: ResellerKeyIssued, example: { ...k, name: 'Booking engine', keyHash: 'a'.repeat(64), keyPrefix: 'tbo_AbCd' } },
  { type: 'ResellerKeyRevoked', version: 1, schema: ResellerKeyRevoked, example: k },
];
