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
  iat: number;
  exp: number;
  iss: string;
}

export function issueToken(user: Omit<AuthUser, 'issuedAt'>, opts: { secret: string; issuer: string; ttlSeconds: number }): string {
  const claims = {
    FullName: user.fullName,
    AgencyName: user.agencyName,
    IsAgencyAdmin: user.isAgencyAdmin ? '1' : '0',
    [ROLE_CLAIM]: user.roles.length === 1 ? user.roles[0] : user.roles,
    ...(user.supplierId ? { SupplierId: user.supplierId } : {}),
    ...(user.agencyId ? { AgencyId: user.agencyId } : {}),
  };
  return jwt.sign(claims, opts.secret, {
    algorithm: JWT_ALGORITHM,
    subject: user.email,
    issuer: opts.issuer,
    expiresIn: opts.ttlSeconds,
  });
}
