import { findAgencyByName, findSupplierByName } from '@tbo/read-models';
import { DEMO_AGENCY, DEMO_PASSWORD, DEMO_SUPPLIER, DEMO_USERS, seedIdentity } from '../../apps/api/src/seed/seed-identity';
import { apiSuite } from '../support/api';
import { claimsOf, settled, signIn } from '../support/identity';

describe('demo accounts (seed)', () => {
  const api = apiSuite();

  it('creates the seven demo accounts, each signs in with the demo password, and a second run changes nothing', async () => {
    // In process rather than `npm run seed`, which test/seed runs meanwhile; seeds take turns (an advisory lock), either may add them.
    await seedIdentity(api.app, () => settled(api.app));
    expect(await seedIdentity(api.app, () => settled(api.app))).toBe(0);
    await settled(api.app);
    const db = api.db;
    const supplier = await findSupplierByName(db, DEMO_SUPPLIER.name);
    const agency = await findAgencyByName(db, DEMO_AGENCY.name);
    expect(supplier).toEqual({ id: expect.any(Number), name: 'Desert Routes Tourism LLC', city: 'Dubai' });
    expect(agency).toEqual({ id: expect.any(Number), name: 'Gulf Horizons Travel' });

    expect(DEMO_USERS.map((u) => u.email)).toEqual([
      'admin@demo.test',
      'editor@demo.test',
      'operations@demo.test',
      'accounts@demo.test',
      'agent@demo.test',
      'agent2@demo.test',
      'arrivals@demo.test',
      'sales@demo.test',
      'driver@demo.test',
      'guide@demo.test',
      'platform@demo.test',
    ]);
    for (const u of DEMO_USERS) {
      const res = await signIn(api.http, u.email, DEMO_PASSWORD);
      expect(res.status).toBe(200);
      const claims = claimsOf(res.body.Content.token);
      expect(claims).toMatchObject({ sub: u.email, FullName: u.fullName, role: u.roles[0] });
      if (u.tenant === 'supplier') expect(claims).toMatchObject({ SupplierId: supplier!.id, AgencyName: '', IsAgencyAdmin: '0' });
      else if (u.tenant === 'agency') expect(claims).toMatchObject({ AgencyId: agency!.id, AgencyName: 'Gulf Horizons Travel', IsAgencyAdmin: u.email === 'agent@demo.test' ? '1' : '0' });
      else {
        expect(claims).toMatchObject({ role: 'superadmin', AgencyName: '', IsAgencyAdmin: '0' });
        expect(claims).not.toHaveProperty('SupplierId');
        expect(claims).not.toHaveProperty('AgencyId');
      }
    }
  });
});
