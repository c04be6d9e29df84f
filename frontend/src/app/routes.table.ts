import { hasAnyRole, type Role } from '../lib/roles';

/**
 * Which roles may open which route: the single source for the route guards (the router wraps each route's page
 * in a guard built from this table) and for the README. Spec 01 §6: a guard requires at least one of the route's
 * listed roles. 'signed-in' means any signed-in user; 'public' needs no sign-in.
 *
 * The spec fixes only the admin routes (/admin/*, /auth/logmein: admin; superadmins too on /auth/logmein, since
 * logging in across suppliers is theirs alone); the other lists follow the header's menu visibility (spec 01 §2),
 * plus arrivalsadmin on /arrivals. Paths use react-router's syntax.
 * Keep pure (no React, no DOM): the unit tests import it.
 */
export type RouteAccess = 'public' | 'signed-in' | readonly Role[];

export interface RouteRule {
  path: string;
  access: RouteAccess;
}

const MANAGE: readonly Role[] = ['admin', 'editor'];
const ARRIVALS: readonly Role[] = ['arrivalsmanager', 'arrivalsadmin', 'admin'];
/** Agents, and the supplier's sales staff and admins who book as staff agents (issue: the same flow). */
const AGENT: readonly Role[] = ['agent', 'sales', 'admin'];
const OPERATOR_BOOKINGS: readonly Role[] = ['accounts', 'admin', 'operations'];
/**
 * An arrival group's bookings (spec 02 §2 Arrivals: the arrivals table's '{n} Booking(s)' links there): the agents'
 * page, also read by the supplier's operators and by the arrivals managers whose table links to it.
 */
const GROUP_BOOKINGS: readonly Role[] = [...new Set([...AGENT, ...OPERATOR_BOOKINGS, ...ARRIVALS])];
const ADMIN: readonly Role[] = ['admin'];
/** The day's manifests: operations and admins see every slot, drivers and guides the slot-dates assigned to them. */
const DAY_STAFF: readonly Role[] = ['operations', 'admin', 'driver', 'guide'];
/** Log-me-in: a supplier's admin within its own supplier, a platform superadmin (who may have no other role) anywhere. */
const LOG_ME_IN: readonly Role[] = ['admin', 'superadmin'];
/** The platform's page: the shared projections' parked events, and log-me-in across tenants. */
const PLATFORM: readonly Role[] = ['superadmin'];

export const ROUTE_TABLE = [
  // Public
  { path: '/account/login', access: 'public' },
  { path: '/account/logout', access: 'public' },
  { path: '/account/resetpassword', access: 'public' },
  { path: '/verify-modulbank', access: 'public' }, // spec 02 §2: domain ownership, in Russian
  // Any signed-in user
  { path: '/', access: 'signed-in' },
  { path: '/account', access: 'signed-in' },
  { path: '/testtablefull', access: 'signed-in' },
  { path: '/controls', access: 'signed-in' },
  // Arrivals
  { path: '/arrivals', access: ARRIVALS },
  // Agent
  { path: '/agent/bookings', access: AGENT },
  { path: '/agent/bookings/add', access: AGENT },
  { path: '/agent/bookings/details/:id', access: AGENT },
  { path: '/agent/bookings/:groupRef', access: GROUP_BOOKINGS }, // g-{groupId}
  { path: '/agent/commissions', access: AGENT },
  // Operator bookings
  { path: '/bookings', access: OPERATOR_BOOKINGS },
  { path: '/manifests', access: DAY_STAFF },
  { path: '/reports', access: ['accounts', 'admin'] },
  { path: '/checkin/:reference', access: DAY_STAFF }, // the voucher's QR
  // Manage
  { path: '/tours', access: MANAGE },
  { path: '/tours/:id', access: MANAGE },
  { path: '/tours/:tourId/:ticketId', access: MANAGE },
  { path: '/timeslots', access: MANAGE },
  { path: '/timeslots/:groupId', access: MANAGE },
  { path: '/timeslots/:groupId/:timeSlotId', access: MANAGE },
  { path: '/pickuptimes', access: MANAGE },
  { path: '/pickuptimes/:id', access: MANAGE },
  { path: '/availability', access: MANAGE },
  { path: '/mediamanager', access: MANAGE },
  { path: '/externalproviders', access: ADMIN }, // a supplier's OCTO providers: their API keys are the admin's
  // Admin
  { path: '/admin', access: ADMIN },
  { path: '/admin/:tab', access: ADMIN },
  { path: '/auth/logmein/:email', access: LOG_ME_IN },
  // Platform
  { path: '/platform', access: PLATFORM },
] as const satisfies readonly RouteRule[];

export type RoutePath = (typeof ROUTE_TABLE)[number]['path'];

export function accessFor(path: RoutePath): RouteAccess {
  return ROUTE_TABLE.find((r) => r.path === path)!.access;
}

/** May a user with these roles (null: signed out) open a route with this access? */
export function mayOpen(access: RouteAccess, roles: readonly string[] | null): boolean {
  if (access === 'public') return true;
  if (roles === null) return false;
  if (access === 'signed-in') return true;
  return hasAnyRole(roles, access);
}

/** The table's rule for a concrete pathname ('/tours/17'), static segments winning over parameters; null if none. */
export function ruleForPathname(pathname: string): RouteRule | null {
  const segments = splitPath(pathname);
  let best: { rule: RouteRule; score: number } | null = null;
  for (const rule of ROUTE_TABLE) {
    const pattern = splitPath(rule.path);
    if (pattern.length !== segments.length) continue;
    let score = 0;
    let ok = true;
    pattern.forEach((p, i) => {
      if (p.startsWith(':')) return;
      if (p.toLowerCase() === segments[i]!.toLowerCase()) score += 1;
      else ok = false;
    });
    if (ok && (!best || score > best.score)) best = { rule, score };
  }
  return best?.rule ?? null;
}

function splitPath(path: string): string[] {
  return path.split(/[?#]/)[0]!.split('/').filter(Boolean);
}
