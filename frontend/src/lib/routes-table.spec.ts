import { accessFor, mayOpen, ROUTE_TABLE, ruleForPathname } from '../app/routes.table';
import { buildMenu, menuLinks } from './menu';
import { ROLES } from './roles';

describe('route → roles table', () => {
  it('has each path once', () => {
    const paths = ROUTE_TABLE.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('admin routes need admin (spec 02 §6); log-me-in also takes a superadmin', () => {
    expect(accessFor('/admin/:tab')).toEqual(['admin']);
    expect(accessFor('/auth/logmein/:email')).toEqual(['admin', 'superadmin']);
    expect(mayOpen(accessFor('/auth/logmein/:email'), ['superadmin'])).toBe(true);
    for (const role of ROLES.filter((r) => r !== 'admin')) expect(mayOpen(accessFor('/admin/:tab'), [role])).toBe(false);
  });

  it("the platform page is the superadmins' alone", () => {
    expect(accessFor('/platform')).toEqual(['superadmin']);
    for (const role of ROLES) expect({ role, ok: mayOpen(accessFor('/platform'), [role]) }).toEqual({ role, ok: role === 'superadmin' });
  });

  it('sign-in, sign-out, reset and the domain check are public; everything else needs sign-in', () => {
    const open = ROUTE_TABLE.filter((r) => mayOpen(r.access, null)).map((r) => r.path);
    expect(open).toEqual(['/account/login', '/account/logout', '/account/resetpassword', '/verify-modulbank']);
  });

  it('every menu link a role sees, that role may open', () => {
    for (const role of ROLES) {
      for (const link of menuLinks(buildMenu([role]))) {
        const rule = ruleForPathname(link.to);
        expect(rule).not.toBeNull();
        expect({ role, to: link.to, ok: mayOpen(rule!.access, [role]) }).toEqual({ role, to: link.to, ok: true });
      }
    }
  });

  it('matches concrete paths, static segments first', () => {
    expect(ruleForPathname('/tours/17')?.path).toBe('/tours/:id');
    expect(ruleForPathname('/tours/17/add')?.path).toBe('/tours/:tourId/:ticketId');
    expect(ruleForPathname('/agent/bookings/add')?.path).toBe('/agent/bookings/add');
    expect(ruleForPathname('/agent/bookings/g-12')?.path).toBe('/agent/bookings/:groupRef');
    expect(ruleForPathname('/nowhere')).toBeNull();
  });

  it("an arrival group's bookings open for the arrivals managers and operators too; the rest of /agent/* stays the bookers'", () => {
    for (const role of ['agent', 'sales', 'admin', 'operations', 'accounts', 'arrivalsmanager', 'arrivalsadmin']) expect({ role, ok: mayOpen(accessFor('/agent/bookings/:groupRef'), [role]) }).toEqual({ role, ok: true });
    for (const role of ['editor', 'driver', 'guide']) expect({ role, ok: mayOpen(accessFor('/agent/bookings/:groupRef'), [role]) }).toEqual({ role, ok: false });
    for (const path of ['/agent/bookings', '/agent/bookings/add', '/agent/bookings/details/:id', '/agent/commissions'] as const) {
      for (const role of ['operations', 'accounts', 'arrivalsmanager', 'arrivalsadmin']) expect({ role, path, ok: mayOpen(accessFor(path), [role]) }).toEqual({ role, path, ok: false });
    }
  });

  it('any signed-in user may open /, /account, /testtablefull and /controls', () => {
    for (const path of ['/', '/account', '/testtablefull', '/controls'] as const) expect(mayOpen(accessFor(path), ['guide'])).toBe(true);
  });
});
