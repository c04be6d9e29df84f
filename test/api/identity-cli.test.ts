import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { apiSuite } from '../support/api';
import { claimsOf, registerTenants, signIn, uniqueEmail } from '../support/identity';

const root = join(__dirname, '..', '..');
const run = promisify(execFile);

/** `npm run users -- ...` as a child process against the test database. */
async function users(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, ['-r', './scripts/register.js', 'apps/api/src/users/users.cli.ts', ...args], { cwd: root, env: process.env });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

describe('npm run users', () => {
  const api = apiSuite();
  let tenants: Awaited<ReturnType<typeof registerTenants>>;

  beforeAll(async () => {
    tenants = await registerTenants(api.app);
  });

  it('add, then roles: through the commands, and the user signs in with them at once', async () => {
    const email = uniqueEmail('cli');
    const added = await users('add', '--email', email.toUpperCase(), '--name', 'Noor Hassan', '--password', 'Mangrove-Kayak-77', '--roles', 'admin,editor', '--supplier', String(tenants.supplierId));
    expect(added).toMatchObject({ code: 0, stdout: expect.stringMatching(new RegExp(`^added user \\d+ ${email.replace(/\./g, '\\.')}\\n$`)) });
    const first = await signIn(api.http, email, 'Mangrove-Kayak-77');
    expect(first.status).toBe(200);
    expect(claimsOf(first.body.Content.token)).toMatchObject({ sub: email, FullName: 'Noor Hassan', role: ['admin', 'editor'], SupplierId: tenants.supplierId });

    const changed = await users('roles', '--email', email, '--set', 'operations');
    expect(changed).toMatchObject({ code: 0, stdout: `roles of ${email} set to operations\n` });
    const second = await signIn(api.http, email, 'Mangrove-Kayak-77');
    expect(claimsOf(second.body.Content.token).role).toBe('operations');

    const listed = await users('list');
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(new RegExp(`${email.replace(/\./g, '\\.')}\\s+Noor Hassan\\s+operations\\s+supplier ${tenants.supplierId} ${tenants.supplierName}`));
  });

  it('adds an agency admin, and sets a password that revokes older tokens', async () => {
    const email = uniqueEmail('cli-agent');
    expect((await users('add', '--email', email, '--name', 'Ali Agent', '--password', 'Mangrove-Kayak-78', '--roles', 'agent', '--agency', String(tenants.agencyId), '--agency-admin')).code).toBe(0);
    const token = (await signIn(api.http, email, 'Mangrove-Kayak-78')).body.Content.token;
    expect(claimsOf(token)).toMatchObject({ IsAgencyAdmin: '1', AgencyId: tenants.agencyId, AgencyName: tenants.agencyName });

    expect((await users('password', '--email', email, '--password', 'Mangrove-Kayak-79')).code).toBe(0);
    expect((await signIn(api.http, email, 'Mangrove-Kayak-79')).status).toBe(200);
    expect((await signIn(api.http, email, 'Mangrove-Kayak-78')).status).toBe(400);
  });

  it('refuses with a message and exit code 1 what the commands refuse, and wrong usage with code 2', async () => {
    const email = uniqueEmail('cli-bad');
    const bad = await users('add', '--email', email, '--name', 'X', '--password', 'Mangrove-Kayak-80', '--roles', 'agent,wizard');
    expect(bad).toMatchObject({ code: 1, stderr: 'users: Unknown role: wizard\n' });
    const common = await users('add', '--email', email, '--name', 'X', '--password', 'password123', '--roles', 'agent');
    expect(common.code).toBe(1);
    expect(common.stderr).toContain('most common');
    const usage = await users('add', '--email', email, '--supplier', '1', '--agency', '2');
    expect(usage.code).toBe(2);
  });
});
