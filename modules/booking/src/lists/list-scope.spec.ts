import { ForbiddenError, type AuthUser, type Role } from '@tbo/kernel';
import { callerListScope } from './list-scope';

// callerListScope reads the token only: no database, so not the read models either.
jest.mock('@tbo/read-models', () => ({ findUserByEmail: jest.fn() }));

const staff = (roles: Role[], supplierId = 7): AuthUser => ({ email: `${roles.join('.')}@s.test`, fullName: 'S', roles, supplierId, agencyId: null, agencyName: '', isAgencyAdmin: false, issuedAt: 0 });
const agent = (isAgencyAdmin: boolean): AuthUser => ({ email: 'a@a.test', fullName: 'A', roles: ['agent'], supplierId: null, agencyId: 3, agencyName: 'A', isAgencyAdmin, issuedAt: 0 });

describe("callerListScope: whose bookings an agent list shows, an arrival group's page included", () => {
  it.each<Role>(['operations', 'accounts', 'admin', 'arrivalsmanager', 'arrivalsadmin'])("%s reads every booking of their own supplier's group on its page", (role) => {
    const { caller: _c, ...scope } = callerListScope(staff([role]), false, true);
    expect(scope).toEqual({ kind: 'staff', supplierId: 7, staffAgentId: null, everySeller: true });
  });

  it.each<Role>(['operations', 'accounts', 'arrivalsmanager', 'arrivalsadmin'])('%s, who books nothing, is refused the lists themselves', (role) => {
    expect(() => callerListScope(staff([role]), false)).toThrow(ForbiddenError);
  });

  it("an agent reads only their agency's (or own) bookings on a group's page, never the supplier's", () => {
    expect(callerListScope(agent(false), false, true)).toMatchObject({ kind: 'agency', agencyId: 3, agentId: { email: 'a@a.test' } });
    expect(callerListScope(agent(true), false, true)).toMatchObject({ kind: 'agency', agencyId: 3, agentId: null });
  });

  it("sales staff read their own staff bookings on a group's page; a supplier-less arrivals manager is refused", () => {
    expect(callerListScope(staff(['sales']), false, true)).toMatchObject({ kind: 'staff', supplierId: 7, staffAgentId: { email: 'sales@s.test' } });
    expect(() => callerListScope({ ...staff(['arrivalsmanager']), supplierId: null }, false, true)).toThrow(ForbiddenError);
  });
});
