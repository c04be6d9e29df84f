/** The roles the product knows (spec 01 §6). The header uses admin, editor, operations, accounts, agent, arrivalsmanager. */
export const ROLES = [
  'operations',
  'ticketsadmin',
  'guide',
  'admin',
  'superadmin',
  'arrivalsadmin',
  'arrivalsmanager',
  'supplier',
  'sales',
  'accounts',
  'agent',
  'driver',
  'editor',
  'supereditor',
  'airportrep',
] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

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
}

/** The tenant a caller acts for: staff act for their supplier, agents for their agency. */
export function tenantOf(user: Pick<AuthUser, 'supplierId' | 'agencyId'>): string | null {
  if (user.supplierId) return `supplier-${user.supplierId}`;
  if (user.agencyId) return `agency-${user.agencyId}`;
  return null;
}
