import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@tbo/kernel';
import { given } from '@tbo/kernel/src/decider/decider.testing';
import type { UserEvent } from '@tbo/event-schemas';
import { IMPERSONATION_NOT_ALLOWED, LOG_IN_AS_SELF, mayActAs, userDecider, type ImpersonateUser, type RegisterUser } from './user';

const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA';
const register = (over: Partial<RegisterUser> = {}): RegisterUser => ({
  type: 'RegisterUser',
  id: 7,
  email: 'agent@demo.test',
  fullName: 'Daniel Brooks',
  supplierId: null,
  agencyId: 3,
  isAgencyAdmin: true,
  roles: ['agent'],
  passwordHash: hash,
  ...over,
});
const registered = (over: Partial<RegisterUser> = {}): UserEvent => {
  const { type: _type, ...data } = register(over);
  return { type: 'UserRegistered', data };
};
const staff = registered({ id: 8, email: 'editor@demo.test', supplierId: 1, agencyId: null, isAgencyAdmin: false, roles: ['editor'] });
const impersonate = (over: Partial<ImpersonateUser> = {}): ImpersonateUser => ({
  type: 'ImpersonateUser',
  by: 'admin@demo.test',
  byRoles: ['admin'],
  bySupplierId: 1,
  byAgencyId: null,
  ...over,
});

describe('user decider', () => {
  describe('registering', () => {
    it('registers an agent of an agency, as agency admin', () => {
      given(userDecider).when(register()).then([registered()]);
    });

    it('registers supplier staff and a user of no tenant (platform staff)', () => {
      given(userDecider).when(register({ supplierId: 1, agencyId: null, isAgencyAdmin: false })).then([registered({ supplierId: 1, agencyId: null, isAgencyAdmin: false })]);
      given(userDecider).when(register({ agencyId: null, isAgencyAdmin: false, roles: ['superadmin'] })).events();
    });

    it('refuses a user of a supplier and an agency at once', () => {
      given(userDecider).when(register({ supplierId: 1, agencyId: 3 })).thenThrows(/supplier or to an agency, not both/);
    });

    it('refuses an agency admin who is not in an agency', () => {
      given(userDecider).when(register({ supplierId: 1, agencyId: null, isAgencyAdmin: true })).thenThrows(ValidationError);
    });

    it('refuses unknown roles by name and no role at all', () => {
      given(userDecider).when(register({ roles: ['agent', 'boss'] })).thenThrows('Unknown role: boss');
      given(userDecider).when(register({ roles: [] })).thenThrows('At least one role is required');
    });

    it('knows all fifteen roles of the spec and keeps each role once', () => {
      const all = ['operations', 'ticketsadmin', 'guide', 'admin', 'superadmin', 'arrivalsadmin', 'arrivalsmanager', 'supplier', 'sales', 'accounts', 'agent', 'driver', 'editor', 'supereditor', 'airportrep'];
      given(userDecider).when(register({ roles: [...all, 'agent'] })).then([registered({ roles: all })]);
    });

    it('refuses to register the same user twice', () => {
      given(userDecider, [registered()]).when(register()).thenThrows(ConflictError);
    });
  });

  describe('roles', () => {
    it('changes roles, naming who did it', () => {
      given(userDecider, [registered()])
        .when({ type: 'ChangeUserRoles', roles: ['agent', 'admin'], changedBy: 'cli:ops' })
        .then([{ type: 'UserRolesChanged', data: { id: 7, roles: ['agent', 'admin'], changedBy: 'cli:ops' } }]);
    });

    it('answers nothing when the roles are the same, in any order', () => {
      const twoRoles: UserEvent = { type: 'UserRolesChanged', data: { id: 7, roles: ['agent', 'admin'], changedBy: 'x' } };
      given(userDecider, [registered(), twoRoles]).when({ type: 'ChangeUserRoles', roles: ['admin', 'agent'], changedBy: 'y' }).then([]);
    });

    it('refuses unknown roles and an unknown user', () => {
      given(userDecider, [registered()]).when({ type: 'ChangeUserRoles', roles: ['root'], changedBy: 'x' }).thenThrows(ValidationError);
      given(userDecider).when({ type: 'ChangeUserRoles', roles: ['admin'], changedBy: 'x' }).thenThrows(NotFoundError);
    });
  });

  describe('password', () => {
    const change = { type: 'ChangeUserPassword' as const, passwordHash: `${hash}2`, changedAt: '2026-03-01T10:00:00.000Z' };

    it('records the new hash and counts the changes (the tokens’ password version)', () => {
      given(userDecider, [registered()]).when(change).then([{ type: 'UserPasswordChanged', data: { id: 7, passwordHash: `${hash}2`, changedAt: change.changedAt } }]);
      const [first] = given(userDecider, [registered()]).when(change).events();
      const state = [registered(), first!, first!].reduce(userDecider.evolve, userDecider.initialState);
      expect(state.passwordVersion).toBe(2);
      expect(state.passwordHash).toBe(`${hash}2`);
    });

    it('refuses a change for a user who does not exist', () => {
      given(userDecider).when(change).thenThrows(NotFoundError);
    });
  });

  describe('log me in', () => {
    it('records who logged in as the user', () => {
      given(userDecider, [staff]).when(impersonate()).then([{ type: 'UserImpersonated', data: { id: 8, by: 'admin@demo.test' } }]);
    });

    it("refuses a supplier's admin an agency's agent and another supplier's staff (403); a superadmin may", () => {
      const agent = registered({ agencyId: 99 });
      given(userDecider, [agent]).when(impersonate()).thenThrows(ForbiddenError);
      given(userDecider, [agent]).when(impersonate()).thenThrows(IMPERSONATION_NOT_ALLOWED);
      given(userDecider, [staff]).when(impersonate({ bySupplierId: 2 })).thenThrows(ForbiddenError);
      given(userDecider, [staff]).when(impersonate({ bySupplierId: 2, byRoles: ['superadmin'] })).events();
      given(userDecider, [agent]).when(impersonate({ bySupplierId: null, byRoles: ['superadmin'] })).events();
    });

    it('limits an admin acting for an agency to that agency', () => {
      given(userDecider, [registered()]).when(impersonate({ bySupplierId: null, byAgencyId: 3 })).events();
      given(userDecider, [staff]).when(impersonate({ bySupplierId: null, byAgencyId: 3 })).thenThrows(ForbiddenError);
    });

    it('refuses an admin of no tenant who is not a superadmin', () => {
      given(userDecider, [staff]).when(impersonate({ bySupplierId: null })).thenThrows(ForbiddenError);
    });

    it('refuses an admin who asks to become a superadmin; a superadmin may', () => {
      const boss = registered({ id: 9, email: 'boss@demo.test', supplierId: 1, agencyId: null, isAgencyAdmin: false, roles: ['superadmin'] });
      given(userDecider, [boss]).when(impersonate()).thenThrows(ForbiddenError);
      given(userDecider, [boss]).when(impersonate({ byRoles: ['admin', 'superadmin'] })).then([{ type: 'UserImpersonated', data: { id: 9, by: 'admin@demo.test' } }]);
    });

    it('refuses a user who asks for their own account, whatever the case of the email', () => {
      given(userDecider, [staff]).when(impersonate({ by: 'Editor@Demo.test', byRoles: ['admin', 'editor'] })).thenThrows(LOG_IN_AS_SELF);
      given(userDecider, [staff]).when(impersonate({ by: 'editor@demo.test', byRoles: ['superadmin'], bySupplierId: null })).thenThrows(ValidationError);
    });

    it('answers not found for a user who does not exist', () => {
      given(userDecider).when(impersonate()).thenThrows(NotFoundError);
    });

    it("mayActAs (the token check's question): the route's roles and the decider's tenant and superadmin rules", () => {
      const editor = { roles: ['editor'], supplierId: 1, agencyId: null };
      const admin = { roles: ['admin'], supplierId: 1, agencyId: null };
      const superadmin = { roles: ['superadmin'], supplierId: null, agencyId: null };
      expect(mayActAs(admin, editor)).toBe(true);
      expect(mayActAs({ ...admin, roles: ['editor'] }, editor)).toBe(false);
      expect(mayActAs({ ...admin, supplierId: 2 }, editor)).toBe(false);
      expect(mayActAs({ roles: ['admin'], supplierId: null, agencyId: 3 }, { roles: ['agent'], supplierId: null, agencyId: 3 })).toBe(true);
      expect(mayActAs({ roles: ['admin'], supplierId: null, agencyId: 3 }, editor)).toBe(false);
      expect(mayActAs(admin, { ...editor, roles: ['superadmin'] })).toBe(false);
      expect(mayActAs(superadmin, { ...editor, roles: ['superadmin'] })).toBe(true);
      expect(mayActAs(superadmin, { roles: ['agent'], supplierId: null, agencyId: 3 })).toBe(true);
    });
  });
});
