import { eventStream } from '../testing/recorded-events.testing';
import { projectionSpec, type Row } from '../testing/projection-spec.testing';
import { contractsProjection } from './contracts.projection';

const spec = projectionSpec(contractsProjection);

const gulf = eventStream('agency-9').event('AgencyRegistered', { id: 9, name: 'Gulf Horizons' });
const key = { supplierId: 3, agencyId: 9 };
const contract = eventStream('contract-s3a9');
const signedAt = '2026-03-02T08:00:00.000Z';
const signed = contract.event('ContractSigned', { ...key, commission: 15 }, { occurredAt: signedAt });
const commissionCleared = contract.event('ContractCommissionSet', { ...key, commission: null });
const suspended = contract.event('ContractSuspended', key);
const resumed = contract.event('ContractResumed', key);

const row = (over: Row = {}): Row => ({ supplier_id: 3, agency_id: 9, agency_name: 'Gulf Horizons', commission: 15, is_suspended: false, signed_at: new Date(signedAt), ...over });

describe('contracts projection', () => {
  it('keeps every registered agency, for signing one not yet contracted', () => spec.given().when(gulf).then({ contract_agencies: [{ id: 9, name: 'Gulf Horizons' }], contracts: [] }));

  it('maps a signed contract to its row with the agency’s name and the signing time', () => spec.given(gulf).when(signed).then({ contracts: [row()] }));

  it('follows the commission and the suspension', async () => {
    await spec.given(gulf, signed).when(commissionCleared).then({ contracts: [row({ commission: null })] });
    await spec.given(gulf, signed, commissionCleared).when(suspended).then({ contracts: [row({ commission: null, is_suspended: true })] });
    await spec.given(gulf, signed, suspended).when(resumed).then({ contracts: [row()] });
  });

  it('renames the agency on its contracts when it is registered again under another name', async () => {
    const renamed = eventStream('agency-9').event('AgencyRegistered', { id: 9, name: 'Gulf Horizons Travel' });
    await spec.given(gulf, signed).when(renamed).then({ contracts: [row({ agency_name: 'Gulf Horizons Travel' })], contract_agencies: [{ id: 9, name: 'Gulf Horizons Travel' }] });
  });

  it('keeps one supplier’s contract apart from another’s with the same agency', async () => {
    const other = eventStream('contract-s4a9').event('ContractSigned', { supplierId: 4, agencyId: 9, commission: null }, { occurredAt: signedAt });
    await spec.given(gulf, signed, other).when(suspended).then({ contracts: [row({ is_suspended: true }), row({ supplier_id: 4, commission: null })] });
  });

  it('changes nothing when an event is delivered twice', async () => {
    await spec.given().when(gulf).thenReplayChangesNothing();
    await spec.given(gulf).when(signed).thenReplayChangesNothing();
    await spec.given(gulf, signed).when(suspended).thenReplayChangesNothing();
    await spec.given(gulf, signed).when(commissionCleared).thenReplayChangesNothing();
  });
});
