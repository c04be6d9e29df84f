import { z } from 'zod';
import { ROLES, ValidationError, type Role } from '@tbo/kernel';
import { validRoles } from '../users/user';

/** Roles an admin may give their supplier's staff: agents belong to agencies, superadmins to the platform. */
export const STAFF_ROLES: readonly Role[] = ROLES.filter((r) => r !== 'agent' && r !== 'superadmin');

export function staffRoles(roles: readonly string[]): Role[] {
  const valid = validRoles(roles);
  const refused = valid.filter((r) => !STAFF_ROLES.includes(r));
  if (refused.length) throw new ValidationError(`A staff member cannot have the role ${refused.join(', ')}`, { roles: [`A staff member cannot have the role ${refused.join(', ')}`] });
  return valid;
}

const roles = z.array(z.string().trim().max(40), { message: 'roles must be a list of role names' }).max(20);
/** Absent or empty: the server makes one and answers it once. */
const password = z.string().max(1024).optional();

export const addStaffInput = z
  .object({
    email: z.string({ message: 'Email address is required' }),
    fullName: z.string({ message: 'Full name is required' }),
    roles,
    password,
  })
  .strict();
export type AddStaffInput = z.infer<typeof addStaffInput>;

export const staffRolesInput = z.object({ roles }).strict();
export const staffPasswordInput = z.object({ password }).strict();
export const staffActiveInput = z.object({ active: z.boolean({ message: 'active must be true or false' }) }).strict();

/** What a change answers: the position to read after, and the password when the server made it (shown once). */
export interface StaffChanged {
  id: number;
  position: string | null;
  password?: string;
}
