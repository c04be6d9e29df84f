/**
 * The roles the product knows (spec 01 §6). A copy of modules/kernel's ROLES: the kernel's index pulls in
 * Nest, which must never reach the browser bundle, so the list is repeated here (pure data, keep in step).
 */
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

/** The role check: does the user have at least one of the listed roles? (case-insensitive, as role claims vary) */
export function hasAnyRole(userRoles: readonly string[], required: readonly string[]): boolean {
  const mine = new Set(userRoles.map((r) => r.toLowerCase()));
  return required.some((r) => mine.has(r.toLowerCase()));
}
