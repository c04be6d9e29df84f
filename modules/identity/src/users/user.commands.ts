import { z } from 'zod';
import { PG_INT_MAX, type AuthUser, type CommandContext } from '@tbo/kernel';
import { PASSWORD_MESSAGES } from '../passwords/password-policy';

const email = z
  .string({ message: 'Email address is required' })
  .trim()
  .min(1, 'Email address is required')
  .max(254, 'Email address is at most 254 characters')
  .pipe(z.email({ message: 'Enter a valid email address' }))
  .transform((e) => e.toLowerCase());

const tenantId = z.number().int().positive().max(PG_INT_MAX).nullish().transform((v) => v ?? null);

export const registerUserInput = z
  .object({
    email,
    fullName: z.string({ message: 'Full name is required' }).trim().min(1, 'Full name is required').max(200, 'Full name is at most 200 characters'),
    password: z.string({ message: PASSWORD_MESSAGES.required }),
    roles: z.array(z.string().trim(), { message: 'roles must be a list of role names' }),
    supplierId: tenantId,
    agencyId: tenantId,
    isAgencyAdmin: z.boolean().default(false),
  })
  .strict();

export type RegisterUserInput = z.input<typeof registerUserInput>;

export interface RegisteredUser {
  id: number;
  email: string;
  position: string | null;
}

export class RegisterUserCommand {
  constructor(
    readonly input: RegisterUserInput,
    readonly context: CommandContext,
  ) {}
}

export const changeUserRolesInput = z.object({ email, roles: z.array(z.string().trim()) }).strict();
export type ChangeUserRolesInput = z.input<typeof changeUserRolesInput>;

export interface ChangedUser {
  id: number;
  email: string;
  /** Null when nothing changed. */
  position: string | null;
}

export class ChangeUserRolesCommand {
  constructor(
    readonly input: ChangeUserRolesInput,
    readonly context: CommandContext,
  ) {}
}

/** PUT api/auth/changepassword (spec 01 §3 change-password payload). */
export const changePasswordInput = z
  .object({
    password: z.string({ message: PASSWORD_MESSAGES.required }).min(1, PASSWORD_MESSAGES.required),
    passwordRepeat: z.string({ message: PASSWORD_MESSAGES.repeatRequired }),
    currentPassword: z.string({ message: PASSWORD_MESSAGES.currentRequired }).min(1, PASSWORD_MESSAGES.currentRequired),
  })
  .strict();

export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

/** The signed-in user changes their own password; the current one must be right. `address`: the client's, for the sign-in throttle. */
export class ChangePasswordCommand {
  constructor(
    readonly email: string,
    readonly input: ChangePasswordInput,
    readonly context: CommandContext,
    readonly address: string | null = null,
  ) {}
}

export const setPasswordInput = z.object({ email, password: z.string({ message: PASSWORD_MESSAGES.required }) }).strict();
export type SetPasswordInput = z.input<typeof setPasswordInput>;

/** An operator sets a user's password (command line): the same rules, without the current password or a repeat. */
export class SetPasswordCommand {
  constructor(
    readonly input: SetPasswordInput,
    readonly context: CommandContext,
  ) {}
}

export interface PasswordChanged extends ChangedUser {
  passwordVersion: number;
}

/** 'Log me in': `by` asks to act as user `userId`; recorded as UserImpersonated on the user's stream. */
export class ImpersonateUserCommand {
  constructor(
    readonly userId: number,
    readonly by: Pick<AuthUser, 'email' | 'roles' | 'supplierId' | 'agencyId'>,
    readonly context: CommandContext,
  ) {}
}
