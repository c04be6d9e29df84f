import type { Readable } from 'node:stream';

/**
 * Where generated documents and photos live. Keys are relative, slash-separated paths such as
 * `photos/17/big.webp`, so the same keys work for a directory tree and for object stores.
 */
export interface FileStorage {
  /** Replaces any file under `key`; readers see the old or the new content, never a mix. */
  put(key: string, data: Buffer | Readable, contentType?: string): Promise<void>;
  /** null when there is no file under `key`. */
  get(key: string): Promise<Readable | null>;
  stat(key: string): Promise<{ size: number } | null>;
  exists(key: string): Promise<boolean>;
  /** Deleting a missing key is not an error, so retried jobs can clean up freely. */
  delete(key: string): Promise<void>;
}

export class InvalidStorageKeyError extends Error {
  constructor(readonly key: string, reason: string) {
    super(`Invalid storage key "${key}": ${reason}`);
    this.name = 'InvalidStorageKeyError';
  }
}

const KEY_CHARS = /^[A-Za-z0-9._/-]+$/;
const MAX_KEY_LENGTH = 1024;

/**
 * Keys often carry ids from requests, so they are checked before any adapter turns them into a
 * path: `..` or a leading `/` would escape the storage root. Segments may not start with '.'
 * either, which also keeps adapters' temporary names (dot files) out of the key space, and may
 * not be empty, so one file has exactly one key.
 */
export function assertStorageKey(key: string): void {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new InvalidStorageKeyError(key, `length must be 1..${MAX_KEY_LENGTH}`);
  if (!KEY_CHARS.test(key)) throw new InvalidStorageKeyError(key, 'only A-Z a-z 0-9 . _ / - are allowed');
  if (key.includes('..')) throw new InvalidStorageKeyError(key, "'..' is not allowed");
  if (key.startsWith('/')) throw new InvalidStorageKeyError(key, 'must be relative (no leading /)');
  for (const segment of key.split('/')) {
    if (segment === '') throw new InvalidStorageKeyError(key, 'empty path segment (trailing or double /)');
    if (segment.startsWith('.')) throw new InvalidStorageKeyError(key, "path segments may not start with '.'");
  }
}
