import type { AuthUser } from '../../lib/jwt';
import { hasAnyRole } from '../../lib/roles';

/** The supplier's staff who book as staff agents (the server's STAFF_BOOKER_ROLES, modules/booking/src/bookings/booking-facts.ts). */
export const STAFF_BOOKER_ROLES: readonly string[] = ['sales', 'admin'];

type Booker = Pick<AuthUser, 'AgencyName' | 'IsAgencyAdmin' | 'roles'>;

/**
 * The user books for an agency (the server takes a caller with an agency for its agent): agency users hold the agent
 * role, which the supplier's staff never do (identity's STAFF_ROLES), and their token names the agency.
 */
export const booksForAgency = (user: Booker | null): boolean => !!user && (hasAnyRole(user.roles, ['agent']) || !!user.AgencyName);

/**
 * The user books as the supplier's staff: no agency, and sales or admin. Their bookings are direct sales
 * (booking-money-rows.ts isDirectSale): the commission is the staff agent's, not an agency's, and no net is due from
 * an agency, so the add form and the lists say 'staff commission' as the booking's own page does.
 */
export const isStaffBooker = (user: Booker | null): boolean => !!user && !booksForAgency(user) && hasAnyRole(user.roles, STAFF_BOOKER_ROLES);

/**
 * Whether 'Only my bookings' changes what the agent lists show this user (modules/booking/src/lists/list-scope.ts
 * callerListScope): an agency admin's lists hold the whole agency's bookings, and a supplier admin's every staff
 * booking, unless it is on; anyone else's hold their own bookings only. An arrival group's page shows a supplier
 * admin the whole group, whoever booked it, whatever the switch says.
 */
export function onlyMineNarrows(user: Booker | null, groupPage: boolean): boolean {
  if (!user) return false;
  if (booksForAgency(user)) return user.IsAgencyAdmin;
  return !groupPage && hasAnyRole(user.roles, ['admin']);
}
