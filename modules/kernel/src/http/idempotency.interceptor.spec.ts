import { carriesSecret, idempotencyPrincipal } from './idempotency.interceptor';

const user = (over: Record<string, unknown> = {}) => ({ email: 'Ann@Example.com', supplierId: 4, agencyId: null, actedBy: null, ...over });

describe('idempotency scope and kept answers', () => {
  it('scopes by the signed-in user with their tenant, and by the admin acting as them', () => {
    expect(idempotencyPrincipal({ user: user() })).toBe('user:ann@example.com supplier-4');
    expect(idempotencyPrincipal({ user: user({ supplierId: null, agencyId: 9 }) })).toBe('user:ann@example.com agency-9');
    expect(idempotencyPrincipal({ user: user({ supplierId: null }) })).toBe('user:ann@example.com platform');
    expect(idempotencyPrincipal({ user: user({ actedBy: 'Boss@Example.com' }) })).toBe('user:ann@example.com supplier-4 actedby:boss@example.com');
  });

  it('scopes an OCTO call by the reseller key the guard let in, one scope per key', () => {
    expect(idempotencyPrincipal({ reseller: { keyId: 7, supplierId: 1, agencyId: 2, agencyName: 'A' } })).toBe('resellerkey:7');
    expect(idempotencyPrincipal({ reseller: { keyId: 8, supplierId: 1, agencyId: 2, agencyName: 'A' } })).toBe('resellerkey:8');
  });

  it('has no scope for a caller nobody authenticated, so its key is ignored', () => {
    expect(idempotencyPrincipal({})).toBeNull();
    expect(idempotencyPrincipal({ user: null, reseller: undefined })).toBeNull();
    expect(idempotencyPrincipal({ reseller: { keyId: '7' } })).toBeNull();
    expect(idempotencyPrincipal({ reseller: { keyId: 0 } })).toBeNull();
  });

  it('knows the answers that carry a secret shown once', () => {
    expect(carriesSecret({ token: 'eyJ…' })).toBe(true);
    expect(carriesSecret({ id: 3, position: '9', password: 'Generated-1' })).toBe(true);
    expect(carriesSecret({ id: 3, name: 'Key', keyPrefix: 'tbo_ab', key: 'tbo_ab…', issuedAt: 'x' })).toBe(true);
    expect(carriesSecret({ id: 3, apiKey: 'x' })).toBe(true);
    expect(carriesSecret({ id: 3, status: 0, position: '9' })).toBe(false);
    expect(carriesSecret({ id: 3, keyPrefix: 'tbo_ab', hasApiKey: true })).toBe(false);
    expect(carriesSecret([{ token: 'x' }])).toBe(false);
    expect(carriesSecret(null)).toBe(false);
    expect(carriesSecret('token')).toBe(false);
  });
});
