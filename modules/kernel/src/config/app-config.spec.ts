import { readFileSync } from 'node:fs';
import { loadConfig } from './app-config';
import { DEFAULT_JWT_SECRET_FILE } from './local-jwt-secret';

/** The signing key the source used to fall back on; anyone could read it, so nothing may accept it again. */
const OLD_DEFAULT_SECRET = 'dev-only-secret-change-me-in-production';

describe('configuration', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).HOST).toBe('127.0.0.1');
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32), HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('without JWT_SECRET, uses the local random secret kept in the git-ignored file, never a value from the source', () => {
    const config = loadConfig({});
    expect(config.JWT_SECRET).not.toBe(OLD_DEFAULT_SECRET);
    expect(config.JWT_SECRET).toBe(readFileSync(DEFAULT_JWT_SECRET_FILE, 'utf8').trim());
    expect(loadConfig({}).JWT_SECRET).toBe(config.JWT_SECRET);
    expect(loadConfig({ JWT_SECRET: 's'.repeat(20) }).JWT_SECRET).toBe('s'.repeat(20));
  });

  const site = { PUBLIC_URL: 'https://backoffice.example.com' };

  it('requires JWT_SECRET in production, and a long enough one anywhere', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...site })).toThrow('set JWT_SECRET in production');
    expect(() => loadConfig({ NODE_ENV: 'production', ...site, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 16 characters/);
    expect(loadConfig({ NODE_ENV: 'production', ...site, JWT_SECRET: 'p'.repeat(32) }).JWT_SECRET).toBe('p'.repeat(32));
  });

  it("requires PUBLIC_URL in production (the vouchers' QR codes link there); elsewhere it is http://localhost:PORT", () => {
    const secret = { JWT_SECRET: 'p'.repeat(32) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...secret })).toThrow('Invalid configuration: set PUBLIC_URL in production');
    expect(() => loadConfig({ NODE_ENV: 'production', ...secret, PUBLIC_URL: '' })).toThrow('set PUBLIC_URL in production');
    expect(() => loadConfig({ NODE_ENV: 'production', ...secret, PUBLIC_URL: 'backoffice' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ NODE_ENV: 'production', ...secret, PUBLIC_URL: 'https://backoffice.example.com/' }).PUBLIC_URL).toBe('https://backoffice.example.com');
    expect(loadConfig({ ...secret }).PUBLIC_URL).toBe('http://localhost:3000');
    expect(loadConfig({ ...secret, PORT: '8080' }).PUBLIC_URL).toBe('http://localhost:8080');
  });

  it('serves the API docs publicly by default outside production only; API_DOCS_PUBLIC decides when set', () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig({ ...secret }).API_DOCS_PUBLIC).toBe('1');
    expect(loadConfig({ ...secret, ...site, NODE_ENV: 'production' }).API_DOCS_PUBLIC).toBe('0');
    expect(loadConfig({ ...secret, ...site, NODE_ENV: 'production', API_DOCS_PUBLIC: '1' }).API_DOCS_PUBLIC).toBe('1');
    expect(loadConfig({ ...secret, API_DOCS_PUBLIC: '0' }).API_DOCS_PUBLIC).toBe('0');
  });
});
