import type { UserEvent } from '@tbo/event-schemas';
import { ConflictError, ForbiddenError, isRole, NotFoundError, ValidationError, type Decider, type Role } from '@tbo/kernel';

/** The user as the state holds it, but with the roles as asked (the decider checks them). */
export interface RegisterUser extends Pick<UserState, 'id' | 'email' | 'fullName' | 'supplierId' | 'agencyId' | 'isAgencyAdmin' | 'passwordHash'> {
  type: 'RegisterUser';
  roles: string[];
}

export interface ChangeUserRoles {
  type: 'ChangeUserRoles';
  roles: string[];
  changedBy: string;
}

export interface ChangeUserPassword {
  type: 'ChangeUserPassword';
  passwordHash: string;
  changedAt: string;
}

/** 'Log me in': an admin (by) asks for a token of this user. */
export interface ImpersonateUser {
  type: 'ImpersonateUser';
  by: string;
  byRoles: readonly string[];
  bySupplierId: number | null;
  byAgencyId: number | null;
}

/** An admin stops (or restores) the user's access; `by` is the admin's email. */
export interface SetUserActive {
  type: 'DeactivateUser' | 'ReactivateUser';
  by: string;
}

export type UserCommand = RegisterUser | ChangeUserRoles | ChangeUserPassword | ImpersonateUser | SetUserActive;

export interface UserState {
  exists: boolean;
  id: number;
  email: string;
  fullName: string;
  supplierId: number | null;
  agencyId: number | null;
  isAgencyAdmin: boolean;
  roles: Role[];
  passwordHash: string;
  /** How many times the password changed or the user was reactivated; tokens carry it as `pwv`. */
  passwordVersion: number;
  /** False after UserDeactivated: no sign-in, no token of theirs works. */
  active: boolean;
}

const initialState: UserState = {
  exists: false,
  id: 0,
  email: '',
  fullName: '',
  supplierId: null,
  agencyId: null,
  isAgencyAdmin: false,
  roles: [],
  passwordHash: '',
  passwordVersion: 0,
  active: true,
};

export const USER_NOT_FOUND = 'User not found';
export const USER_DEACTIVATED = 'This user is deactivated';
export const IMPERSONATION_NOT_ALLOWED = 'Only a superadmin may log in as a user of another supplier or agency';
/** Asking for one's own account (or, in a chain, the first admin's) would record an impersonation of nobody. */
export const LOG_IN_AS_SELF = 'You cannot log in as yourself';

/** Known roles, each once, in the order given; unknown ones are refused by name. */
export function validRoles(roles: readonly string[]): Role[] {
  const unknown = roles.filter((r) => !isRole(r));
  if (unknown.length) throw new ValidationError(`Unknown role${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, { roles: [`Unknown role: ${unknown.join(', ')}`] });
  const unique = [...new Set(roles)] as Role[];
  if (unique.length === 0) throw new ValidationError('At least one role is required', { roles: ['At least one role is required'] });
  return unique;
}

const sameRoles = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((r) => b.includes(r));

/** Who acts or is acted as, as far as 'log me in' is concerned. */
interface Party {
  roles: readonly string[];
  supplierId: number | null;
  agencyId: number | null;
}

/**
 * Which users an admin may log in as: a superadmin (platform staff), anyone; everyone else only
 * the users of their own supplier or their own agency, since another tenant's users (agents
 * included) are not theirs to act as. Nobody but a superadmin may become a superadmin.
 */
function mayImpersonate(by: Party, target: Pick<Party, 'supplierId' | 'agencyId'>): boolean {
  if (by.roles.includes('superadmin')) return true;
  if (by.agencyId) return target.agencyId === by.agencyId;
  if (by.supplierId) return target.supplierId === by.supplierId;
  return false;
}

/**
 * Whether `actor` may act as `target` now, by every rule 'log me in' asks (the route's roles,
 * admin or superadmin, then the decider's): the token check asks it of every 'log me in' token.
 */
export function mayActAs(actor: Party, target: Party): boolean {
  if (!actor.roles.includes('admin') && !actor.roles.includes('superadmin')) return false;
  if (!mayImpersonate(actor, target)) return false;
  return !target.roles.includes('superadmin') || actor.roles.includes('superadmin');
}

/**
 * A user (stream `user-<id>`): staff of one supplier or an agent of one agency, never both;
 * at least one known role; a password kept as an argon2id hash. The email's uniqueness is kept
 * by the email reservation (user-email.ts), which the register handler takes first.
 */
export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState,
  evolve(state, event) {
    switch (event.type) {
      case 'UserRegistered': {
        const { roles, ...rest } = event.data;
        return { ...state, ...rest, roles: roles.filter(isRole), exists: true, passwordVersion: 0 };
      }
      case 'UserRolesChanged':
        return { ...state, roles: event.data.roles.filter(isRole) };
      case 'UserPasswordChanged':
        return { ...state, passwordHash: event.data.passwordHash, passwordVersion: state.passwordVersion + 1 };
      case 'UserImpersonated':
        return state;
      case 'UserDeactivated':
        return { ...state, active: false };
      case 'UserReactivated':
        // Counts as a password version: tokens issued before the deactivation stay refused.
        return { ...state, active: true, passwordVersion: state.passwordVersion + 1 };
    }
  },
  decide(cmd, state) {
    switch (cmd.type) {
      case 'RegisterUser': {
        if (state.exists) throw new ConflictError(`User ${cmd.id} already exists`);
        if (cmd.supplierId && cmd.agencyId) {
          throw new ValidationError('A user belongs to a supplier or to an agency, not both', { agencyId: ['A user belongs to a supplier or to an agency, not both'] });
        }
        if (cmd.isAgencyAdmin && !cmd.agencyId) {
          throw new ValidationError('Only a user of an agency can be its agency admin', { isAgencyAdmin: ['Only a user of an agency can be its agency admin'] });
        }
        if (!cmd.fullName.trim()) throw new ValidationError('Full name is required', { fullName: ['Full name is required'] });
        const roles = validRoles(cmd.roles);
        const { type: _type, ...data } = cmd;
        return [{ type: 'UserRegistered', data: { ...data, roles } }];
      }
      case 'ChangeUserRoles': {
        if (!state.exists) throw new NotFoundError(USER_NOT_FOUND);
        const roles = validRoles(cmd.roles);
        if (sameRoles(roles, state.roles)) return [];
        return [{ type: 'UserRolesChanged', data: { id: state.id, roles, changedBy: cmd.changedBy } }];
      }
      case 'ChangeUserPassword':
        if (!state.exists) throw new NotFoundError(USER_NOT_FOUND);
        return [{ type: 'UserPasswordChanged', data: { id: state.id, passwordHash: cmd.passwordHash, changedAt: cmd.changedAt } }];
      case 'ImpersonateUser':
        if (!state.exists) throw new NotFoundError(USER_NOT_FOUND);
        if (cmd.by.toLowerCase() === state.email.toLowerCase()) throw new ValidationError(LOG_IN_AS_SELF);
        if (!mayImpersonate({ roles: cmd.byRoles, supplierId: cmd.bySupplierId, agencyId: cmd.byAgencyId }, state)) throw new ForbiddenError(IMPERSONATION_NOT_ALLOWED);
        if (!state.active) throw new ValidationError(USER_DEACTIVATED);
        if (state.roles.includes('superadmin') && !cmd.byRoles.includes('superadmin')) {
          throw new ForbiddenError('An admin cannot log in as a superadmin');
        }
        return [{ type: 'UserImpersonated', data: { id: state.id, by: cmd.by } }];
      case 'DeactivateUser':
        if (!state.exists) throw new NotFoundError(USER_NOT_FOUND);
        return state.active ? [{ type: 'UserDeactivated', data: { id: state.id, by: cmd.by } }] : [];
      case 'ReactivateUser':
        if (!state.exists) throw new NotFoundError(USER_NOT_FOUND);
        return state.active ? [] : [{ type: 'UserReactivated', data: { id: state.id, by: cmd.by } }];
    }
  },
};

export const userStream = (id: number) => `user-${id}`;
