import { SecretBox, secretsKeyConfig, SecretsNotConfiguredError, SecretUnreadableError } from './secret-box';

const JWT = 'a-local-jwt-secret-of-enough-length-0123456789';
const box = (env: NodeJS.ProcessEnv = {}) => new SecretBox(secretsKeyConfig(env, JWT));

describe('secret box (AES-256-GCM)', () => {
  it('seals to ciphertext, iv and tag that do not contain the secret, and opens them again', () => {
    const b = box({ SECRETS_KEY: 'k'.repeat(40) });
    const sealed = b.seal('octo-live-key-123', 'externalprovider-7');
    expect(JSON.stringify(sealed)).not.toContain('octo-live-key-123');
    expect(Buffer.from(sealed.iv, 'base64')).toHaveLength(12);
    expect(Buffer.from(sealed.tag, 'base64')).toHaveLength(16);
    expect(b.open(sealed, 'externalprovider-7')).toBe('octo-live-key-123');
  });

  it('seals the same secret differently each time (fresh IV)', () => {
    const b = box();
    expect(b.seal('same', 'x').ciphertext).not.toBe(b.seal('same', 'x').ciphertext);
  });

  it("refuses a sealed secret moved to another stream, altered, or sealed under another key", () => {
    const b = box({ SECRETS_KEY: 'k'.repeat(40) });
    const sealed = b.seal('octo-live-key-123', 'externalprovider-7');
    expect(() => b.open(sealed, 'externalprovider-8')).toThrow(SecretUnreadableError);
    const flipped = Buffer.from(sealed.ciphertext, 'base64');
    flipped[0]! ^= 1;
    expect(() => b.open({ ...sealed, ciphertext: flipped.toString('base64') }, 'externalprovider-7')).toThrow(SecretUnreadableError);
    expect(() => b.open({ ...sealed, tag: sealed.tag.slice(0, 8) }, 'externalprovider-7')).toThrow(SecretUnreadableError);
    expect(() => box({ SECRETS_KEY: 'z'.repeat(40) }).open(sealed, 'externalprovider-7')).toThrow(SecretUnreadableError);
  });

  it('derives a development key from the JWT secret, distinct from the JWT secret itself', () => {
    const config = secretsKeyConfig({}, JWT);
    expect(config.key).toHaveLength(32);
    expect(config.key!.toString('utf8')).not.toContain(JWT.slice(0, 16));
    expect(box().open(box().seal('k', 'c'), 'c')).toBe('k');
  });

  it('refuses to seal in production without SECRETS_KEY, and with a short one anywhere', () => {
    expect(() => box({ NODE_ENV: 'production' }).seal('k', 'c')).toThrow(SecretsNotConfiguredError);
    expect(() => box({ NODE_ENV: 'production' }).seal('k', 'c')).toThrow('SECRETS_KEY is not set on the server');
    expect(() => box({ SECRETS_KEY: 'short' }).seal('k', 'c')).toThrow('SECRETS_KEY must be at least 32 characters');
    expect(box({ NODE_ENV: 'production', SECRETS_KEY: 'p'.repeat(32) }).seal('k', 'c').ciphertext).toBeTruthy();
  });
});
