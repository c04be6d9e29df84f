import { createHash, randomBytes } from 'node:crypto';
import { RESELLER_KEY_PREFIX, RESELLER_KEY_SHOWN_CHARS } from './reseller-key-rules.pure';

/**
 * A key is 32 random bytes: 256 bits no one can guess or brute-force, so a plain SHA-256 is the right way to store
 * it. Slow password hashes (argon2id) exist to stretch low-entropy secrets people choose; here they would only
 * cost every OCTO request tens of milliseconds, and would rule out finding a key by its hash with one indexed
 * lookup.
 */
export function hashResellerKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export interface NewResellerKey {
  /** In clear: answered once by the issue route, never stored. */
  key: string;
  keyHash: string;
  keyPrefix: string;
}

export function resellerKeyFrom(key: string): NewResellerKey {
  return { key, keyHash: hashResellerKey(key), keyPrefix: key.slice(0, RESELLER_KEY_SHOWN_CHARS) };
}

export function newResellerKey(): NewResellerKey {
  return resellerKeyFrom(RESELLER_KEY_PREFIX + randomBytes(32).toString('base64url'));
}

/** A bearer value that could be a key at all: anything else is refused before any lookup. */
export const looksLikeResellerKey = (value: string) => value.startsWith(RESELLER_KEY_PREFIX) && value.length >= 20 && value.length <= 200 && /^[A-Za-z0-9_-]+$/.test(value);
