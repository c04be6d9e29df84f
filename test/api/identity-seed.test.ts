import type { INestApplication } from '@nestjs/common';
import type { Knex } from 'knex';
import { findAgencyByName, findSupplierByName } from '@tbo/read-models';
import { KNEX } from '@tbo/kernel';
import { DEMO_AGENCY, DEMO_PASSWORD, DEMO_SUPPLIER, DEMO_USERS, seedIdentity } from '../../apps/api/src/seed/seed-identity';
import { startApi } from '../support/api';
import { claimsOf, settled, signIn } from '../support/identity';

describe('demo accounts (seed)', () => {
  let app: INestApplication;
  let http: Awaited<ReturnType<typeof startApi>>['http'];

  beforeAll(async () => {
    ({ app, http } = await startApi());
  });
  afterAll(() => app.close());

  it('creates the seven demo accounts, each signs in with the demo password, and a second run changes nothing', async () => {
    // In process rather than `npm run seed`, which test/seed runs meanwhile; seeds take turns (an advisory lock), either may add them.
    await seedIdentity(app, () => settled(app));
    expect(await seedIdentity(app, () => settled(app))).toBe(0);
    await settled(app);
    const db = app.get<Knex>(KNEX);
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
    ]);
    for (const u of DEMO_USERS) {
      const res = await signIn(http, u.email, DEMO_PASSWORD);
      expect(res.status).toBe(200);
      const claims = claimsOf(res.body.Content.token);
      expect(claims).toMatchObject({ sub: u.email, FullName: u.fullName, role: u.roles[0] });
      if (u.tenant === 'supplier') expect(claims).toMatchObject({ SupplierId: supplier!.id, AgencyName: '', IsAgencyAdmin: '0' });
      else expect(claims).toMatchObject({ AgencyId: agency!.id, AgencyName: 'Gulf Horizons Travel', IsAgencyAdmin: u.email === 'agent@demo.test' ? '1' : '0' });
    }
  });
});
