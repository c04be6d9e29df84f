import type { Knex } from 'knex';
import { findUserByEmail, type AgentListScope, type BookingSearchScope } from '@tbo/read-models';
import { ForbiddenError, type AuthUser, type Role } from '@tbo/kernel';
import { OPERATOR_ROLES, STAFF_BOOKER_ROLES } from '../bookings/booking-facts';

/** Who reads the operator list. */
export { OPERATOR_ROLES };
/** Who reads the agent lists: agents, and the supplier's staff who book as staff agents. */
export const AGENT_LIST_ROLES: Role[] = ['agent', ...STAFF_BOOKER_ROLES];
/**
 * The supplier's staff who read an arrival group's bookings (the arrivals table's 'N Booking(s)' link, spec 02 §2
 * Arrivals) though they book nothing: its operators, and the arrivals managers whose screen that link is on.
 */
export const GROUP_READER_ROLES: Role[] = [...OPERATOR_ROLES, 'arrivalsmanager', 'arrivalsadmin'];
/** Who may ask for an agent list at all: its readers, and the group readers (refused without a groupId, below). */
export const AGENT_LIST_OR_GROUP_ROLES: Role[] = [...new Set([...AGENT_LIST_ROLES, ...GROUP_READER_ROLES])];

const notAllowed = () => new ForbiddenError('You are not allowed to access this page');

/**
 * Whose bookings an agent list shows the caller. An agent: their own; an agency admin: the whole agency unless
 * 'Only my bookings' is on. Supplier staff who book (sales, admins): their own staff bookings; an admin: every
 * staff booking of the supplier unless 'Only my bookings' is on. Never another agency's or supplier's.
 *
 * This is the scope as the token states it, the caller named by email: the list's statements check the caller
 * against the users table themselves (they answer nothing for a caller it does not have in that agency or
 * supplier). agentListScope checks first and gives the caller's id.
 */
export function callerListScope(user: AuthUser, onlyMine: boolean, groupPage = false): AgentListScope<{ email: string }> {
  const me = { email: user.email };
  if (user.agencyId) return { kind: 'agency', agencyId: user.agencyId, agentId: user.isAgencyAdmin && !onlyMine ? null : me, caller: me };
  // An arrival group's bookings (the arrivals table's 'N Booking(s)' link): the supplier's operators and arrivals
  // managers see every booking of the group, the agencies' too, as the operators' own bookings list would; only
  // the supplier's (group ids are the supplier's own: another supplier's group of that id is not this one).
  if (groupPage && user.supplierId && GROUP_READER_ROLES.some((r) => user.roles.includes(r))) return { kind: 'staff', supplierId: user.supplierId, staffAgentId: null, everySeller: true, caller: me };
  if (user.supplierId && STAFF_BOOKER_ROLES.some((r) => user.roles.includes(r))) return { kind: 'staff', supplierId: user.supplierId, staffAgentId: user.roles.includes('admin') && !onlyMine ? null : me, caller: me };
  throw notAllowed();
}

/** The caller's scope (callerListScope) once the users table has the caller in the token's agency or supplier, with their id. */
export async function agentListScope(db: Knex, user: AuthUser, onlyMine: boolean, groupPage = false): Promise<AgentListScope> {
  const { caller: _checkedHere, ...scope } = callerListScope(user, onlyMine, groupPage);
  const me = await findUserByEmail(db, user.email);
  if (!me) throw notAllowed();
  if (scope.kind === 'agency') {
    if (me.agencyId !== scope.agencyId) throw notAllowed();
    return { ...scope, agentId: scope.agentId && me.id };
  }
  if (me.supplierId !== scope.supplierId) throw notAllowed();
  return { ...scope, staffAgentId: scope.staffAgentId && me.id };
}

/** The header search: operators search their supplier's bookings, everyone else the bookings their agent lists show. */
export async function bookingSearchScope(db: Knex, user: AuthUser): Promise<BookingSearchScope | null> {
  if (user.supplierId && OPERATOR_ROLES.some((r) => user.roles.includes(r))) return { kind: 'supplier', supplierId: user.supplierId };
  if (user.agencyId || (user.supplierId && STAFF_BOOKER_ROLES.some((r) => user.roles.includes(r)))) return agentListScope(db, user, false);
  return null;
}
