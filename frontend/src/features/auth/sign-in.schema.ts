import { z } from 'zod';

/**
 * The sign-in form (spec 02 §5). Messages are i18n keys of the 'auth' namespace; in English they read exactly
 * 'Email address is required' and 'Password is required'.
 */
export const signInSchema = z.object({
  email: z.string().trim().min(1, 'signIn.emailRequired'),
  password: z.string().min(1, 'signIn.passwordRequired'),
});

export type SignInForm = z.infer<typeof signInSchema>;

/** The server's sign-in failure text (spec 01 §8, sic). */
export const WRONG_CREDENTIALS = 'Wrong email of password';
