import jwt from 'jsonwebtoken';
import type { AuthUser } from './roles';

export const JWT_ALGORITHM = 'HS256' as const;
/** The role claim name the client reads (one string, or a list for several roles). */
export const ROLE_CLAIM = 'role';

export interface TokenClaims {
  sub: string;
  FullName: string;
  AgencyName: string;
  IsAgencyAdmin: '1' | '0';
  role: string | string[];
  SupplierId?: number;
  AgencyId?: number;
  /** Password version: how many times the user's password had changed when the token was issued; required (jwt.strategy.ts). */
  pwv?: number;
  /** RFC 8693 actor: on a 'log me in' token, the admin acting as `sub`, with their password version (the token ends when it moves). */
  act?: { sub: string; pwv?: number };
  iat: number;
  /** Required too: a verified token without one is refused. */
  exp?: number;
  iss: string;
}

/**
 * `passwordVersion` becomes the `pwv` claim: a token without one, or whose version is older than
 * the user's current one (the password changed since), is refused (jwt.strategy.ts).
 */
export function issueToken(
  user: Omit<AuthUser, 'issuedAt'>,
  opts: { secret: string; issuer: string; ttlSeconds: number; passwordVersion: number; actor?: { email: string; passwordVersion: number } },
): string {
  const claims = {
    FullName: user.fullName,
    AgencyName: user.agencyName,
    IsAgencyAdmin: user.isAgencyAdmin ? '1' : '0',
    [ROLE_CLAIM]: user.roles.length === 1 ? user.roles[0] : user.roles,
    ...(user.supplierId ? { SupplierId: user.supplierId } : {}),
    ...(user.agencyId ? { AgencyId: user.agencyId } : {}),
    pwv: opts.passwordVersion,
    ...(opts.actor ? { act: { sub: opts.actor.email, pwv: opts.actor.passwordVersion } } : {}),
  };
  return jwt.sign(claims, opts.secret, {
    algorithm: JWT_ALGORITHM,
    subject: user.email,
    issuer: opts.issuer,
    expiresIn: opts.ttlSeconds,
  });
}
