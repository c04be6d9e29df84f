import { ConflictError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import { agencyDecider, supplierDecider } from './tenant';

const desert = { id: 1, name: 'Desert Routes Tourism LLC', city: 'Dubai' };

describe('supplier and agency deciders', () => {
  it('registers a supplier once; the same registration again changes nothing', () => {
    given(supplierDecider).when(desert).then([{ type: 'SupplierRegistered', data: desert }]);
    given(supplierDecider, [{ type: 'SupplierRegistered', data: desert }]).when(desert).then([]);
  });

  it('refuses another supplier under a taken id', () => {
    given(supplierDecider, [{ type: 'SupplierRegistered', data: desert }]).when({ ...desert, name: 'Other LLC' }).thenThrows(ConflictError);
  });

  it('registers an agency once', () => {
    const gulf = { id: 1, name: 'Gulf Horizons Travel' };
    given(agencyDecider).when(gulf).then([{ type: 'AgencyRegistered', data: gulf }]);
    given(agencyDecider, [{ type: 'AgencyRegistered', data: gulf }]).when(gulf).then([]);
    given(agencyDecider, [{ type: 'AgencyRegistered', data: gulf }]).when({ id: 1, name: 'Other' }).thenThrows(ConflictError);
  });
});
