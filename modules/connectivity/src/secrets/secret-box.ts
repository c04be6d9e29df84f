import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { SealedApiKeyData } from '@tbo/event-schemas';
import { AppError } from '@tbo/kernel';

/**
 * Secrets we must keep but never show (a provider's API key), sealed with AES-256-GCM. Each seal has a fresh
 * 96-bit IV; the tag makes tampering detectable. The `context` (the stream the secret belongs to) is bound in as
 * associated data, so a sealed key copied onto another provider's stream does not open.
 *
 * The key comes from SECRETS_KEY (any text of at least 32 characters, stretched with HKDF). Without it, outside
 * production, it is derived from the JWT secret, which a local setup already keeps in its git-ignored file: no
 * key ships in the source and sealed keys survive restarts. In production SECRETS_KEY must be set; until it is,
 * only the features that seal or open secrets refuse (503), so the rest of the API still starts.
 */
export interface SecretsKeyConfig {
  key: Buffer | null;
  /** Why there is no key (production without SECRETS_KEY, or a key too short). */
  problem: string | null;
}

export const SECRETS_KEY_MIN_LENGTH = 32;

const derive = (secret: string, info: string) => Buffer.from(hkdfSync('sha256', secret, 'tbo-secrets', info, 32));

export function secretsKeyConfig(env: NodeJS.ProcessEnv, jwtSecret: string): SecretsKeyConfig {
  const given = env.SECRETS_KEY?.trim();
  if (given) {
    if (given.length < SECRETS_KEY_MIN_LENGTH) return { key: null, problem: `SECRETS_KEY must be at least ${SECRETS_KEY_MIN_LENGTH} characters` };
    return { key: derive(given, 'secrets-key/v1'), problem: null };
  }
  if (env.NODE_ENV === 'production') return { key: null, problem: 'SECRETS_KEY is not set on the server' };
  return { key: derive(jwtSecret, 'secrets-key/from-jwt-secret/v1'), problem: null };
}

export class SecretsNotConfiguredError extends AppError {
  constructor(problem: string) {
    super(503, 'Service unavailable', `Stored API keys cannot be used: ${problem}.`);
  }
}

/** A sealed secret that does not open: sealed under another SECRETS_KEY, or altered. */
export class SecretUnreadableError extends AppError {
  constructor() {
    super(422, 'External provider', "The provider's stored API key cannot be read with the server's current key. Enter the API key again.");
  }
}

const ALGORITHM = 'aes-256-gcm';
/** Pinned: GCM would otherwise accept a truncated tag, which is far easier to forge. */
const TAG_BYTES = 16;

export class SecretBox {
  constructor(private readonly config: SecretsKeyConfig) {}

  private key(): Buffer {
    if (!this.config.key) throw new SecretsNotConfiguredError(this.config.problem ?? 'no key');
    return this.config.key;
  }

  seal(plain: string, context: string): SealedApiKeyData {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, this.key(), iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return { ciphertext: ciphertext.toString('base64'), iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64') };
  }

  open(sealed: SealedApiKeyData, context: string): string {
    const key = this.key();
    try {
      const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, 'base64'), { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretUnreadableError();
    }
  }
}
