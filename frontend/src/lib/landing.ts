import { hasAnyRole } from './roles';

/**
 * Where a user goes after signing in (spec 01 §2): operations or accounts → /bookings, agent → /agent/bookings,
 * arrivals manager → /arrivals (checked in that order, for users with several roles); everybody else → the return
 * URL the sign-in form carried, otherwise /.
 */
export function landingPath(roles: readonly string[], returnUrl?: string | null): string {
  if (hasAnyRole(roles, ['operations', 'accounts'])) return '/bookings';
  if (hasAnyRole(roles, ['agent'])) return '/agent/bookings';
  if (hasAnyRole(roles, ['arrivalsmanager'])) return '/arrivals';
  // A driver or guide opened a voucher's QR (the return URL) or comes for the day's manifest.
  if (hasAnyRole(roles, ['driver', 'guide'])) return safeReturnUrl(returnUrl) ?? '/manifests';
  return safeReturnUrl(returnUrl) ?? '/';
}

/**
 * A return URL is followed only when it is a path of this site: it starts with one '/', is not a
 * protocol-relative '//host' or '/\host' address, and is not the sign-in or sign-out page itself (no loops).
 */
export function safeReturnUrl(returnUrl: string | null | undefined): string | null {
  if (!returnUrl) return null;
  const url = returnUrl.trim();
  if (!url.startsWith('/') || url.startsWith('//') || url.startsWith('/\\')) return null;
  if ([...url].some((c) => c.charCodeAt(0) < 0x20)) return null; // control characters
  const path = url.split(/[?#]/)[0]!.toLowerCase().replace(/\/+$/, '');
  if (path === '/account/login' || path === '/account/logout') return null;
  return url;
}
