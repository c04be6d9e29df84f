import { landingPath, safeReturnUrl } from './landing';

describe('landing after sign-in (spec 01 §2)', () => {
  it.each([
    [['operations'], '/bookings'],
    [['accounts'], '/bookings'],
    [['agent'], '/agent/bookings'],
    [['arrivalsmanager'], '/arrivals'],
    [['Operations'], '/bookings'],
  ])('%j lands on %s whatever the return URL', (roles, path) => {
    expect(landingPath(roles, '/tours')).toBe(path);
    expect(landingPath(roles, null)).toBe(path);
  });

  it('others go to the return URL, otherwise /', () => {
    expect(landingPath(['admin'], '/tours/17')).toBe('/tours/17');
    expect(landingPath(['editor'], '/tours?page=2')).toBe('/tours?page=2');
    expect(landingPath(['editor'], '')).toBe('/');
    expect(landingPath(['admin'])).toBe('/');
    expect(landingPath([], null)).toBe('/');
  });

  it('several roles: operations/accounts first, then agent, then arrivals manager', () => {
    expect(landingPath(['agent', 'accounts'])).toBe('/bookings');
    expect(landingPath(['arrivalsmanager', 'agent'])).toBe('/agent/bookings');
    expect(landingPath(['admin', 'arrivalsmanager'], '/tours')).toBe('/arrivals');
  });

  it('a return URL elsewhere, or back to sign-in/out, is not followed', () => {
    for (const url of ['https://evil.test/x', '//evil.test', '/\\evil.test', 'javascript:alert(1)', 'tours', '/account/login', '/account/login?returnUrl=/x', '/Account/Logout/']) {
      expect(safeReturnUrl(url)).toBeNull();
      expect(landingPath(['admin'], url)).toBe('/');
    }
    expect(safeReturnUrl('/account')).toBe('/account');
  });
});
