import { CommandBus } from '@nestjs/cqrs';
import { RegisterUserCommand, type RegisteredUser } from '@tbo/identity';
import { systemContext, ValidationError } from '@tbo/kernel';
import { apiSuite } from '../support/api';
import { registerTenants, registerUser, uniqueEmail } from '../support/identity';

describe('registering users (commands)', () => {
  const api = apiSuite();
  let tenants: Awaited<ReturnType<typeof registerTenants>>;

  beforeAll(async () => {
    tenants = await registerTenants(api.app);
  });

  const register = (email: string, over: object = {}) =>
    api.app.get(CommandBus).execute<RegisterUserCommand, RegisteredUser>(
      new RegisterUserCommand({ email, fullName: 'Racer', password: 'Wadi-Run-2026', roles: ['agent'], agencyId: tenants.agencyId, ...over }, systemContext('test')),
    );

  it('of several registrations racing for one email (in any case), exactly one wins', async () => {
    const email = uniqueEmail('race');
    const results = await Promise.allSettled([register(email), register(email.toUpperCase()), register(` ${email} `), register(email)]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    for (const l of lost) {
      expect(l.reason).toBeInstanceOf(ValidationError);
      expect((l.reason as Error).message).toBe(`A user with the email ${email} already exists`);
    }
    const registered = await api.db('events').where({ type: 'UserRegistered' }).whereRaw("data->>'email' = ?", [email]);
    expect(registered).toHaveLength(1);
  });

  it('refuses an email the read model already has, a user of a supplier and an agency, and a tenant that does not exist', async () => {
    const existing = await registerUser(api.app, { agencyId: tenants.agencyId, roles: ['agent'] });
    await expect(register(existing.email.toUpperCase())).rejects.toThrow('already exists');
    await expect(register(uniqueEmail(), { supplierId: tenants.supplierId })).rejects.toThrow('A user belongs to a supplier or to an agency, not both');
    await expect(register(uniqueEmail(), { agencyId: 987654 })).rejects.toThrow('Agency 987654 does not exist');
    await expect(register(uniqueEmail(), { agencyId: null, supplierId: 987654 })).rejects.toThrow('Supplier 987654 does not exist');
    await expect(register('not-an-email')).rejects.toThrow('Enter a valid email address');
  });

  it('keeps the users read table: lower-case email, tenant, agency name, roles, password version', async () => {
    const user = await registerUser(api.app, { email: uniqueEmail('mixed').replace('mixed', 'MiXeD'), roles: ['agent', 'sales'], agencyId: tenants.agencyId, isAgencyAdmin: true });
    const row = await api.db('users').where({ id: user.id }).first();
    expect(row).toMatchObject({
      email: user.email,
      agency_id: tenants.agencyId,
      supplier_id: null,
      agency_name: tenants.agencyName,
      is_agency_admin: true,
      roles: ['agent', 'sales'],
      password_version: 0,
      password_changed_at: null,
    });
    expect(row.email).toBe(row.email.toLowerCase());
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });
});
