import { eventStream } from '../testing/recorded-events.testing';
import { projectionSpec, type Row } from '../testing/projection-spec.testing';
import { resellerKeysProjection } from './reseller-keys.projection';

const spec = projectionSpec(resellerKeysProjection);

const KEY = { id: 21, supplierId: 3, agencyId: 9 };
const hash = 'c'.repeat(64);
const stream = eventStream('resellerkey-21');
const issuedAt = '2026-03-02T08:00:00.000Z';
const revokedAt = '2026-03-05T10:30:00.000Z';
const issued = stream.event('ResellerKeyIssued', { ...KEY, name: 'Booking engine', keyHash: hash, keyPrefix: 'tbo_AbCd' }, { occurredAt: issuedAt });
const revoked = stream.event('ResellerKeyRevoked', KEY, { occurredAt: revokedAt });

const row = (over: Row = {}): Row => ({
  id: 21,
  supplier_id: 3,
  agency_id: 9,
  name: 'Booking engine',
  key_hash: hash,
  key_prefix: 'tbo_AbCd',
  issued_at: new Date(issuedAt),
  revoked_at: null,
  last_used_at: null,
  ...over,
});

describe('reseller keys projection', () => {
  it('maps an issued key to its row, column by column, with the issue time', () => spec.given().when(issued).then({ reseller_keys: [row()] }));

  it('marks a revoked key with the revocation time, keeping its row', () => spec.given(issued).when(revoked).then({ reseller_keys: [row({ revoked_at: new Date(revokedAt) })] }));

  it('changes nothing when an event is delivered twice', async () => {
    await spec.given().when(issued).thenReplayChangesNothing();
    await spec.given(issued).when(revoked).thenReplayChangesNothing();
  });

  it('keeps other keys apart', async () => {
    const other = eventStream('resellerkey-22').event('ResellerKeyIssued', { id: 22, supplierId: 4, agencyId: 9, name: 'Other', keyHash: 'd'.repeat(64), keyPrefix: 'tbo_Zz99' }, { occurredAt: issuedAt });
    const tables = await spec.given(issued, other).when(revoked).tables();
    expect(tables.reseller_keys).toEqual([row({ revoked_at: new Date(revokedAt) }), row({ id: 22, supplier_id: 4, name: 'Other', key_hash: 'd'.repeat(64), key_prefix: 'tbo_Zz99' })]);
  });
});
