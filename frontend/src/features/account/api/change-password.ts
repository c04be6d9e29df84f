import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';

/** PUT /api/auth/changepassword (spec 01 §7): password, passwordRepeat, currentPassword; answers Content null. */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'changePassword.currentRequired'),
    password: z.string().min(1, 'changePassword.newRequired'),
    passwordRepeat: z.string().min(1, 'changePassword.repeatRequired'),
  })
  .refine((v) => v.password === v.passwordRepeat, { path: ['passwordRepeat'], message: 'changePassword.mismatch' });

export type ChangePasswordForm = z.infer<typeof changePasswordSchema>;

/** Silent: the form shows the server's message itself (spec 01 §8 "Change-password failure"). */
export function changePassword(body: ChangePasswordForm): Promise<null> {
  return apiCall(z.null(), 'PUT', '/api/auth/changepassword', body, { silent: true });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
