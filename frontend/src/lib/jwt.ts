/**
 * Reads the claims of the API's token (no signature check: the API checks it on every call; the client only
 * needs to know who is signed in and which menus to show). Pure: used by the app and by the unit tests.
 */

/** The auth user, read from the token (spec 01 §3). */
export interface AuthUser {
  /** The subject claim. */
  email: string;
  FullName: string;
  AgencyName: string;
  /** True when the claim is '1'. */
  IsAgencyAdmin: boolean;
  /** The role claim: one string or a list, always a list here (lower case). */
  roles: string[];
  /** Expiry, seconds since the epoch, when the token has one. */
  exp: number | null;
}

export type JwtClaims = Record<string, unknown>;

const ROLE_CLAIMS = ['role', 'roles', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role'];

/** Decodes a base64url string (padding optional) as UTF-8 text. */
export function base64UrlDecode(input: string): string {
  const base64 = input.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
}

/** The payload of a compact JWT, or null when the text is not one. */
export function decodeJwtClaims(token: string | null | undefined): JwtClaims | null {
  if (!token) return null;
  const parts = token.split('.');
  if (parts.length !== 3 || !parts[1]) return null;
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(parts[1]));
    return claims && typeof claims === 'object' && !Array.isArray(claims) ? (claims as JwtClaims) : null;
  } catch {
    return null;
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

function rolesOf(claims: JwtClaims): string[] {
  const roles: string[] = [];
  for (const name of ROLE_CLAIMS) {
    const value = claims[name];
    const list = Array.isArray(value) ? value : value == null ? [] : [value];
    for (const role of list) {
      const r = text(role).trim().toLowerCase();
      if (r && !roles.includes(r)) roles.push(r);
    }
  }
  return roles;
}

/** The auth user from the claims; null without a subject. */
export function authUserFromClaims(claims: JwtClaims | null): AuthUser | null {
  if (!claims) return null;
  const email = text(claims.sub) || text(claims.email);
  if (!email) return null;
  const exp = typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp : null;
  return {
    email,
    FullName: text(claims.FullName),
    AgencyName: text(claims.AgencyName),
    IsAgencyAdmin: text(claims.IsAgencyAdmin) === '1' || claims.IsAgencyAdmin === true,
    roles: rolesOf(claims),
    exp,
  };
}

/** True when the token has an expiry that has passed (nowMs defaults to the clock). */
export function isExpired(user: Pick<AuthUser, 'exp'>, nowMs: number = Date.now()): boolean {
  return user.exp !== null && user.exp * 1000 <= nowMs;
}

/** The signed-in user a token stands for: null when it is missing, unreadable or expired. */
export function userFromToken(token: string | null | undefined, nowMs: number = Date.now()): AuthUser | null {
  const user = authUserFromClaims(decodeJwtClaims(token));
  return user && !isExpired(user, nowMs) ? user : null;
}
