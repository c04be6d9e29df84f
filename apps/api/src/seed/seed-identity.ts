import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Knex } from 'knex';
import type { Pool } from 'pg';
import { RegisterAgencyCommand, RegisterSupplierCommand, RegisterUserCommand, UserDirectory, type RegisteredTenant } from '@tbo/identity';
import { findAgencyByName, findSupplierByName } from '@tbo/read-models';
import { KNEX, PG_POOL, systemContext, type Role } from '@tbo/kernel';

export const DEMO_PASSWORD = 'DemoPass!2026';
export const DEMO_SUPPLIER = { name: 'Desert Routes Tourism LLC', city: 'Dubai' };
export const DEMO_AGENCY = { name: 'Gulf Horizons Travel' };

export interface DemoUser {
  email: string;
  fullName: string;
  roles: Role[];
  /** Staff belong to the supplier, agents to the agency; platform staff to neither. */
  tenant: 'supplier' | 'agency' | 'platform';
  isAgencyAdmin?: boolean;
}

export const DEMO_USERS: DemoUser[] = [
  { email: 'admin@demo.test', fullName: 'Omar Al Mansoori', roles: ['admin'], tenant: 'supplier' },
  { email: 'editor@demo.test', fullName: 'Sara Khan', roles: ['editor'], tenant: 'supplier' },
  { email: 'operations@demo.test', fullName: 'Rashid Nair', roles: ['operations'], tenant: 'supplier' },
  { email: 'accounts@demo.test', fullName: 'Priya Menon', roles: ['accounts'], tenant: 'supplier' },
  { email: 'agent@demo.test', fullName: 'Daniel Brooks', roles: ['agent'], tenant: 'agency', isAgencyAdmin: true },
  { email: 'agent2@demo.test', fullName: 'Elena Petrova', roles: ['agent'], tenant: 'agency' },
  { email: 'arrivals@demo.test', fullName: 'Yusuf Karim', roles: ['arrivalsmanager'], tenant: 'supplier' },
  { email: 'sales@demo.test', fullName: 'Hana Saleh', roles: ['sales'], tenant: 'supplier' },
  { email: 'driver@demo.test', fullName: 'Ali Rahman', roles: ['driver'], tenant: 'supplier' },
  { email: 'guide@demo.test', fullName: 'Karim Haddad', roles: ['guide'], tenant: 'supplier' },
  // Shared reference data and log-me-in across tenants are platform powers, held by nobody who works for a supplier.
  { email: 'platform@demo.test', fullName: 'Layla Haddad', roles: ['superadmin'], tenant: 'platform' },
];

/** A Postgres advisory lock class of our own (the projection runner uses 7301). */
const SEED_LOCK_CLASS = 7302;

/**
 * The demo supplier, agency and one user per main role, all through commands. Idempotent: the
 * supplier and agency are found by name in the read tables (brought up to date first), and a
 * user whose email is taken is left as it is (its password and roles are not reset). Seeds run
 * one at a time (a session advisory lock, which holds no transaction open, so projections keep
 * moving). Answers how many suppliers, agencies and users were added.
 */
export async function seedIdentity(app: INestApplicationContext, catchUp: () => Promise<void>): Promise<number> {
  const commands = app.get(CommandBus);
  const directory = app.get(UserDirectory);
  const db = app.get<Knex>(KNEX);
  const lock = await app.get<Pool>(PG_POOL).connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1, hashtext($2))', [SEED_LOCK_CLASS, 'identity']);
    await catchUp();
    const context = systemContext('seed');
    let added = 0;
    let supplierId = (await findSupplierByName(db, DEMO_SUPPLIER.name))?.id;
    if (!supplierId) {
      supplierId = ((await commands.execute(new RegisterSupplierCommand(DEMO_SUPPLIER, context))) as RegisteredTenant).id;
      added++;
    }
    let agencyId = (await findAgencyByName(db, DEMO_AGENCY.name))?.id;
    if (!agencyId) {
      agencyId = ((await commands.execute(new RegisterAgencyCommand(DEMO_AGENCY, context))) as RegisteredTenant).id;
      added++;
    }
    for (const u of DEMO_USERS) {
      if ((await directory.idOf(u.email)) !== null) continue;
      await commands.execute(
        new RegisterUserCommand(
          {
            email: u.email,
            fullName: u.fullName,
            password: DEMO_PASSWORD,
            roles: u.roles,
            supplierId: u.tenant === 'supplier' ? supplierId : null,
            agencyId: u.tenant === 'agency' ? agencyId : null,
            isAgencyAdmin: u.isAgencyAdmin ?? false,
          },
          context,
        ),
      );
      added++;
    }
    return added;
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1, hashtext($2))', [SEED_LOCK_CLASS, 'identity']).catch(() => undefined);
    lock.release();
  }
}
