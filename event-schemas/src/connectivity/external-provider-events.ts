import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

/**
 * A supplier's upstream ticket provider that speaks OCTO (stream `externalprovider-<id>`). A saved event states
 * the provider whole. Its API key travels only sealed (AES-256-GCM: ciphertext, iv and tag, base64), never in
 * clear: the stream is read by projections, history views and exports, none of which may see a credential.
 * Unknown fields are stripped, so a clear key put next to the sealed one would never be stored.
 */
const id = z.number().int().positive().max(PG_INT_MAX);
const key = { id, supplierId: id };
const base64 = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64');

/** Limits shared with the module's input rules. */
export const EXTERNAL_PROVIDER_NAME_MAX = 200;
export const EXTERNAL_PROVIDER_URL_MAX = 2000;

export const SealedApiKey = z.object({ ciphertext: base64(2000), iv: base64(24), tag: base64(24) });

const httpUrl = z
  .string()
  .max(EXTERNAL_PROVIDER_URL_MAX)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'http:' || u.protocol === 'https:') && !u.username && !u.password;
    } catch {
      return false;
    }
  }, 'must be an http or https address without credentials');

export const ExternalProviderSaved = z.object({
  ...key,
  name: z.string().max(EXTERNAL_PROVIDER_NAME_MAX).refine((n) => n.trim() !== '', 'name is required'),
  baseUrl: httpUrl,
  apiKey: SealedApiKey,
});
export const ExternalProviderDeleted = z.object(key);

export type ExternalProviderSavedData = z.infer<typeof ExternalProviderSaved>;
export type SealedApiKeyData = z.infer<typeof SealedApiKey>;

/** The schema of each event type, by type. */
export const externalProviderEventTypes = { ExternalProviderSaved, ExternalProviderDeleted };
export type ExternalProviderEvent = EventUnion<typeof externalProviderEventTypes>;

const k = { id: 1, supplierId: 1 };
export const externalProviderEventSchemas: EventSchemaDefinition[] = [
  {
    type: 'ExternalProviderSaved',
    version: 1,
    schema: ExternalProviderSaved,
    example: { ...k, name: 'Desert Tickets', baseUrl: 'https://octo.example.com/api/octo', apiKey: { ciphertext: 'c2VhbGVk', iv: 'AAAAAAAAAAAAAAAA', tag: 'AAAAAAAAAAAAAAAAAAAAAA==' } },
  },
  { type: 'ExternalProviderDeleted', version: 1, schema: ExternalProviderDeleted, example: k },
];
