import { agentMenuIsGrouped, buildMenu, menuLinks, type MenuEntry } from './menu';

/** The menu as text: plain links by path, groups as "id[path, ...]". */
const shape = (menu: MenuEntry[]) => menu.map((e) => (e.kind === 'link' ? e.to : `${e.id}[${e.items.map((i) => i.to).join(', ')}]`));

/** An admin's Manage menu has External Providers after the availability chart; an editor's does not. */
const MANAGE = 'manage[/tours, /timeslots, /pickuptimes, /availability, /externalproviders, /mediamanager]';
const MANAGE_EDITOR = 'manage[/tours, /timeslots, /pickuptimes, /availability, /mediamanager]';
const ADMIN = 'admin[/admin/core, /admin/contacts, /admin/contracting, /admin/staff, /admin/activity, /admin/defaultsettings, /admin/pricing, /admin/ticketstock]';
const AGENT = 'agent[/agent/bookings, /agent/commissions, /agent/bookings/add]';

describe('agent menu rule (spec 01 §2)', () => {
  it('plain links for an agent who is not an admin, whatever other roles they have', () => {
    expect(agentMenuIsGrouped(['agent'])).toBe(false);
    expect(agentMenuIsGrouped(['Agent'])).toBe(false);
    expect(agentMenuIsGrouped(['agent', 'accounts'])).toBe(false);
    expect(agentMenuIsGrouped(['agent', 'guide'])).toBe(false);
    expect(agentMenuIsGrouped(['agent', 'sales'])).toBe(false);
  });

  it('a grouped dropdown for a user who is not an agent, or is an admin as well', () => {
    expect(agentMenuIsGrouped(['sales'])).toBe(true);
    expect(agentMenuIsGrouped(['admin'])).toBe(true);
    expect(agentMenuIsGrouped(['agent', 'admin'])).toBe(true);
    expect(agentMenuIsGrouped(['Agent', 'Admin'])).toBe(true);
  });
});

describe('header menus per role (spec 01 §2 table)', () => {
  it.each<[string[], string[]]>([
    // Admins and sales staff book as staff agents: the Agent menu, grouped (issue 13).
    [['admin'], ['/arrivals', AGENT, '/bookings', '/manifests', '/reports', MANAGE, ADMIN]],
    [['sales'], [AGENT]],
    [['editor'], [MANAGE_EDITOR]],
    [['admin', 'editor'], ['/arrivals', AGENT, '/bookings', '/manifests', '/reports', MANAGE, ADMIN]],
    [['operations'], ['/bookings', '/manifests']],
    [['accounts'], ['/bookings', '/reports']],
    [['agent'], ['/agent/bookings', '/agent/commissions', '/agent/bookings/add']],
    [['arrivalsmanager'], ['/arrivals']],
    [['arrivalsadmin'], ['/arrivals']],
    [['agent', 'admin'], ['/arrivals', AGENT, '/bookings', '/manifests', '/reports', MANAGE, ADMIN]],
    // An agent with another role that is not admin keeps the plain links.
    [['agent', 'accounts'], ['/agent/bookings', '/agent/commissions', '/agent/bookings/add', '/bookings', '/reports']],
    [['agent', 'sales'], ['/agent/bookings', '/agent/commissions', '/agent/bookings/add']],
    // Drivers and guides have the day's manifests only.
    [['guide'], ['/manifests']],
    [['driver'], ['/manifests']],
    // The platform's superadmin: its own page, after every other menu.
    [['superadmin'], ['/platform']],
    [['admin', 'superadmin'], ['/arrivals', AGENT, '/bookings', '/manifests', '/reports', MANAGE, ADMIN, '/platform']],
    [[], []],
  ])('%j sees %j', (roles, expected) => {
    expect(shape(buildMenu(roles))).toEqual(expected);
  });

  it('all six header roles: Arrivals, Agent, Bookings, Manage, Admin in that order', () => {
    const menu = buildMenu(['admin', 'editor', 'operations', 'accounts', 'agent', 'arrivalsmanager']);
    expect(shape(menu)).toEqual(['/arrivals', AGENT, '/bookings', '/manifests', '/reports', MANAGE, ADMIN]);
    expect(menuLinks(menu)).toHaveLength(1 + 3 + 1 + 1 + 1 + 6 + 8);
  });

  it('labels are the spec wording keys', () => {
    const labels = menuLinks(buildMenu(['agent'])).map((l) => l.labelKey);
    expect(labels).toEqual(['menu.agentBookings', 'menu.agentCommissions', 'menu.agentAddBooking']);
    expect(menuLinks(buildMenu(['editor'])).find((l) => l.to === '/availability')?.labelKey).toBe('menu.availability');
    expect(menuLinks(buildMenu(['admin'])).find((l) => l.to === '/externalproviders')?.labelKey).toBe('menu.externalproviders');
  });
});
