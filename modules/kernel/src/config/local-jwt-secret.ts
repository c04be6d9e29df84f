import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/** The repository root (this file is modules/kernel/src/config/): the API, the worker and the CLIs all find the same file. */
export const DEFAULT_JWT_SECRET_FILE = resolve(__dirname, '..', '..', '..', '..', '.jwt-secret');

const cache = new Map<string, string>();

/**
 * The signing key of a local setup without JWT_SECRET: made at random on first use and kept in a
 * git-ignored file, so no key ships in the source and tokens survive restarts. The API and the
 * worker may start together, so the file appears whole or not at all (written aside, then
 * hard-linked into place, which fails if another process got there first).
 */
export function localJwtSecret(file = DEFAULT_JWT_SECRET_FILE): string {
  const known = cache.get(file);
  if (known) return known;
  let secret = readSecret(file);
  if (!secret) {
    mkdirSync(dirname(file), { recursive: true });
    const aside = join(dirname(file), `.jwt-secret-${process.pid}-${randomBytes(4).toString('hex')}.tmp`);
    writeFileSync(aside, `${randomBytes(48).toString('base64url')}\n`, { mode: 0o600 });
    try {
      linkSync(aside, file);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(aside);
    }
    secret = readSecret(file);
    if (!secret) throw new Error(`Invalid configuration: ${file} holds no JWT secret; delete it or set JWT_SECRET`);
  }
  cache.set(file, secret);
  return secret;
}

function readSecret(file: string): string | null {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length < 32) return null;
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}
