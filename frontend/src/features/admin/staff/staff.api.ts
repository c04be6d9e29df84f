import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { ROLES } from '../../../lib/roles';

/** GET /api/staff: the supplier's users. */
const member = z.object({ id: z.number(), email: z.string(), fullName: z.string(), roles: z.array(z.string()), active: z.boolean(), registeredAt: z.string() });
export type StaffMember = z.infer<typeof member>;
const members = z.array(member).nullable().transform((r) => r ?? []);
/** A change's answer: the password only when the server made it (shown once). */
const changed = z.object({ id: z.number(), position: z.string().nullable(), password: z.string().optional() });
export type StaffChanged = z.infer<typeof changed>;

/** What an admin may give: agents belong to agencies and superadmins to the platform (the server refuses both). */
export const STAFF_ROLES = ROLES.filter((r) => r !== 'agent' && r !== 'superadmin');

export const STAFF_KEY = ['staff'] as const;

export const listStaff = (signal?: AbortSignal, after?: string | null) => apiCall(members, 'GET', `/api/staff${after ? `?after=${encodeURIComponent(after)}` : ''}`, undefined, { signal });

export const addStaff = (body: { email: string; fullName: string; roles: string[]; password?: string }) => apiCall(changed, 'POST', '/api/staff', body, { silent: true });

export const setStaffRoles = (id: number, roles: string[]) => apiCall(changed, 'PUT', `/api/staff/${id}/roles`, { roles }, { silent: true });

export const setStaffActive = (id: number, active: boolean) => apiCall(changed, 'PUT', `/api/staff/${id}/active`, { active });

export const setStaffPassword = (id: number, password?: string) => apiCall(changed, 'PUT', `/api/staff/${id}/password`, password ? { password } : {}, { silent: true });
