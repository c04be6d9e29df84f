import { hasAnyRole } from './roles';

/**
 * The header's role-dependent menus (spec 01 §2 "Header navigation"), as data: the header renders it, the home page
 * lists the same destinations, and the unit tests check it. Labels are i18n keys of the 'shell' namespace.
 */
export interface MenuLink {
  kind: 'link';
  id: string;
  labelKey: string;
  to: string;
  /** Only users with one of these roles see the link (within a menu its group's roles open); none: everyone who sees the menu. */
  onlyFor?: readonly string[];
}

export interface MenuGroup {
  kind: 'group';
  id: string;
  labelKey: string;
  items: MenuLink[];
}

export type MenuEntry = MenuLink | MenuGroup;

const link = (id: string, labelKey: string, to: string): MenuLink => ({ kind: 'link', id, labelKey, to });

export const AGENT_LINKS: readonly MenuLink[] = [
  link('agent-bookings', 'menu.agentBookings', '/agent/bookings'),
  link('agent-commissions', 'menu.agentCommissions', '/agent/commissions'),
  link('agent-add-booking', 'menu.agentAddBooking', '/agent/bookings/add'),
];

export const MANAGE_LINKS: readonly MenuLink[] = [
  link('tours', 'menu.tours', '/tours'),
  link('timeslots', 'menu.timeslots', '/timeslots'),
  link('pickuptimes', 'menu.pickuptimes', '/pickuptimes'),
  link('availability', 'menu.availability', '/availability'),
  { ...link('externalproviders', 'menu.externalproviders', '/externalproviders'), onlyFor: ['admin'] },
  link('mediamanager', 'menu.mediamanager', '/mediamanager'),
];

export const ADMIN_LINKS: readonly MenuLink[] = [
  link('admin-core', 'menu.adminCore', '/admin/core'),
  link('admin-contacts', 'menu.adminContacts', '/admin/contacts'),
  link('admin-contracting', 'menu.adminContracting', '/admin/contracting'),
  link('admin-staff', 'menu.adminStaff', '/admin/staff'),
  link('admin-activity', 'menu.adminActivity', '/admin/activity'),
  link('admin-defaultsettings', 'menu.adminDefaultSettings', '/admin/defaultsettings'),
  link('admin-pricing', 'menu.adminPricing', '/admin/pricing'),
  link('admin-ticketstock', 'menu.adminTicketStock', '/admin/ticketstock'),
];

/** Who books: agents, and the supplier's sales staff and admins as staff agents (their bookings carry a staffAgentId). */
export const BOOKER_ROLES: readonly string[] = ['agent', 'sales', 'admin'];

/**
 * Spec 01 §2: the agent menu is 'a grouped dropdown if the user is not an agent, or is an admin as well; plain links
 * otherwise'. So sales staff and admins (staff agents) get the dropdown, an agent gets plain links, whatever other
 * role they have, unless one of them is admin.
 */
export function agentMenuIsGrouped(roles: readonly string[]): boolean {
  return !hasAnyRole(roles, ['agent']) || hasAnyRole(roles, ['admin']);
}

/** The header's menus for these roles, left to right: Arrivals, Agent, Bookings, Manage, Admin, Platform. */
export function buildMenu(roles: readonly string[]): MenuEntry[] {
  const menu: MenuEntry[] = [];
  // The arrivals page is the arrivals managers' and the admins' (its route's roles).
  if (hasAnyRole(roles, ['arrivalsmanager', 'arrivalsadmin', 'admin'])) menu.push(link('arrivals', 'menu.arrivals', '/arrivals'));
  if (hasAnyRole(roles, BOOKER_ROLES)) {
    if (agentMenuIsGrouped(roles)) menu.push({ kind: 'group', id: 'agent', labelKey: 'menu.agent', items: [...AGENT_LINKS] });
    else menu.push(...AGENT_LINKS);
  }
  if (hasAnyRole(roles, ['accounts', 'admin', 'operations'])) menu.push(link('bookings', 'menu.bookings', '/bookings'));
  // Beside Bookings: the day's manifests, also the only page drivers and guides have.
  if (hasAnyRole(roles, ['operations', 'admin', 'driver', 'guide'])) menu.push(link('manifests', 'menu.manifests', '/manifests'));
  if (hasAnyRole(roles, ['accounts', 'admin'])) menu.push(link('reports', 'menu.reports', '/reports'));
  if (hasAnyRole(roles, ['admin', 'editor'])) menu.push({ kind: 'group', id: 'manage', labelKey: 'menu.manage', items: MANAGE_LINKS.filter((l) => !l.onlyFor || hasAnyRole(roles, l.onlyFor)) });
  if (hasAnyRole(roles, ['admin'])) menu.push({ kind: 'group', id: 'admin', labelKey: 'menu.admin', items: [...ADMIN_LINKS] });
  // The platform's own page (projections, log-me-in across tenants): superadmins only.
  if (hasAnyRole(roles, ['superadmin'])) menu.push(link('platform', 'menu.platform', '/platform'));
  return menu;
}

/** Every link of a menu, groups flattened, in order. */
export function menuLinks(menu: readonly MenuEntry[]): MenuLink[] {
  return menu.flatMap((e) => (e.kind === 'group' ? e.items : [e]));
}
