/**
 * The roles the product knows (spec 01 §6). Pure data with no imports, so the web client
 * can use the very same list (dependency-cruiser lets the frontend import *.pure.ts only).
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
