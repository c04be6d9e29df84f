import { NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { ResellerKeyEvent } from '@tbo/event-schemas';
import { resellerKeyDecider as decider, type ResellerKeyCommand } from './reseller-key';
import { RESELLER_KEY_MESSAGES as M } from './reseller-key-rules.pure';
import { hashResellerKey, looksLikeResellerKey, newResellerKey } from './reseller-key-secret';

const key = { id: 4, supplierId: 2, agencyId: 9 };
const hash = 'b'.repeat(64);
const issue = (over: Partial<Extract<ResellerKeyCommand, { type: 'IssueResellerKey' }>> = {}): ResellerKeyCommand => ({ type: 'IssueResellerKey', ...key, name: 'Booking engine', keyHash: hash, keyPrefix: 'tbo_AbCd', ...over });
const issued: ResellerKeyEvent = { type: 'ResellerKeyIssued', data: { ...key, name: 'Booking engine', keyHash: hash, keyPrefix: 'tbo_AbCd' } };
const revoke = (over: Partial<typeof key> = {}): ResellerKeyCommand => ({ type: 'RevokeResellerKey', ...key, ...over });
const revoked: ResellerKeyEvent = { type: 'ResellerKeyRevoked', data: key };

describe('reseller key decider', () => {
  it('issues a key with its trimmed name, hash and prefix', () => {
    given(decider).when(issue({ name: '  Booking engine ' })).then([issued]);
  });

  it('refuses an empty or overlong name', () => {
    given(decider).when(issue({ name: '   ' })).thenThrows(M.name);
    given(decider).when(issue({ name: 'x'.repeat(101) })).thenThrows(ValidationError);
  });

  it('revokes once; revoking again changes nothing', () => {
    given(decider, [issued]).when(revoke()).then([revoked]);
    given(decider, [issued, revoked]).when(revoke()).then([]);
  });

  it("answers another supplier's or agency's key, and a key never issued, as not found", () => {
    given(decider, [issued]).when(revoke({ supplierId: 3 })).thenThrows(NotFoundError);
    given(decider, [issued]).when(revoke({ agencyId: 10 })).thenThrows(M.notFound);
    given(decider).when(revoke()).thenThrows(NotFoundError);
  });
});

describe('reseller key secrets', () => {
  it('makes keys tbo_ + 32 random bytes, shown by their first 8 characters and stored as their SHA-256', () => {
    const a = newResellerKey();
    const b = newResellerKey();
    expect(a.key).toMatch(/^tbo_[A-Za-z0-9_-]{43}$/);
    expect(a.key).not.toBe(b.key);
    expect(a.keyPrefix).toBe(a.key.slice(0, 8));
    expect(a.keyHash).toBe(hashResellerKey(a.key));
    expect(a.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(looksLikeResellerKey(a.key)).toBe(true);
    for (const bad of ['', 'tbo_', 'abc_' + 'x'.repeat(40), `tbo_${'x'.repeat(40)} `, `tbo_${'x'.repeat(300)}`]) expect(looksLikeResellerKey(bad)).toBe(false);
  });
});
