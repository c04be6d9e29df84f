import type { Role } from './roles.pure';

export { ROLES, isRole, type Role } from './roles.pure';

/** Who is calling, read from the token; every handler and query scopes by the tenant in it. */
export interface AuthUser {
  email: string;
  fullName: string;
  roles: Role[];
  supplierId: number | null;
  agencyId: number | null;
  agencyName: string;
  isAgencyAdmin: boolean;
  /** Seconds since epoch when the token was issued (tokens issued before a password change stop working). */
  issuedAt: number;
  /** A 'log me in' token: the admin acting as this user (the token's `act` claim); what they do is recorded with both. */
  actedBy?: string | null;
}

/** The tenant a caller acts for: staff act for their supplier, agents for their agency. */
export function tenantOf(user: Pick<AuthUser, 'supplierId' | 'agencyId'>): string | null {
  if (user.supplierId) return `supplier-${user.supplierId}`;
  if (user.agencyId) return `agency-${user.agencyId}`;
  return null;
}
