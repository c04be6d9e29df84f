import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { StaffRosterEvent } from '@tbo/event-schemas';
import { LAST_ADMIN, staffRosterDecider } from './staff-roster';

const opened = (adminIds: number[]): StaffRosterEvent => ({ type: 'StaffRosterOpened', data: { supplierId: 1, adminIds } });

describe('staff roster decider', () => {
  it('refuses to revoke the only admin, and allows it while another admin remains', () => {
    given(staffRosterDecider, [opened([7])]).when({ type: 'RevokeAdmin', supplierId: 1, userId: 7 }).thenThrows(LAST_ADMIN);
    given(staffRosterDecider, [opened([7]), { type: 'SupplierAdminGranted', data: { supplierId: 1, userId: 8 } }])
      .when({ type: 'RevokeAdmin', supplierId: 1, userId: 7 })
      .then([{ type: 'SupplierAdminRevoked', data: { supplierId: 1, userId: 7 } }]);
    given(staffRosterDecider, [opened([7, 8]), { type: 'SupplierAdminRevoked', data: { supplierId: 1, userId: 8 } }])
      .when({ type: 'RevokeAdmin', supplierId: 1, userId: 7 })
      .thenThrows(LAST_ADMIN);
  });
});
