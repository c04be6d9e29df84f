import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { localJwtSecret } from './local-jwt-secret';

describe('the local JWT secret file', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'tbo-jwt-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is created once, random, readable by its owner only, and reused afterwards', () => {
    const file = join(dir, 'nested', '.jwt-secret');
    const first = localJwtSecret(file);
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(localJwtSecret(file)).toBe(first);
    // Another process (no cache) reads the same secret from the file.
    jest.isolateModules(() => {
      const { localJwtSecret: fresh } = jest.requireActual<typeof import('./local-jwt-secret')>('./local-jwt-secret');
      expect(fresh(file)).toBe(first);
    });
    expect(localJwtSecret(join(dir, 'other'))).not.toBe(first);
  });

  it('keeps a secret someone wrote there, and refuses a file too short to be one', () => {
    const kept = join(dir, 'kept');
    writeFileSync(kept, 'k'.repeat(40) + '\n');
    expect(localJwtSecret(kept)).toBe('k'.repeat(40));
    const short = join(dir, 'short');
    writeFileSync(short, 'short');
    expect(() => localJwtSecret(short)).toThrow(/holds no JWT secret/);
  });
});
