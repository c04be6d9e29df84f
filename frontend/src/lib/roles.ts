export { ROLES, isRole, type Role } from '@tbo/kernel/src/http/auth/roles.pure';

/** The role check: does the user have at least one of the listed roles? (case-insensitive, as role claims vary) */
export function hasAnyRole(userRoles: readonly string[], required: readonly string[]): boolean {
  const mine = new Set(userRoles.map((r) => r.toLowerCase()));
  return required.some((r) => mine.has(r.toLowerCase()));
}
