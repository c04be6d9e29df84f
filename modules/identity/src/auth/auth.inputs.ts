import { z } from 'zod';

/** The sign-in form (spec 01 §3) with the spec's messages (spec 02 §5). */
export const signInInput = z
  .object({
    email: z.string({ message: 'Email address is required' }).trim().min(1, 'Email address is required').max(254, 'Email address is at most 254 characters'),
    // Capped so nobody makes the server hash megabytes; far above the 128 a password may have.
    password: z.string({ message: 'Password is required' }).min(1, 'Password is required').max(1024, 'Password is too long'),
    /** Where the client goes afterwards; the server does not use it. */
    returnUrl: z.string().max(2000).nullish(),
  })
  .strict();

export type SignInInput = z.infer<typeof signInInput>;

export const logMeInQuery = z
  .object({
    email: z.string({ message: 'Email address is required' }).trim().min(1, 'Email address is required').max(254, 'Email address is at most 254 characters'),
  })
  .strict();

export type LogMeInQuery = z.infer<typeof logMeInQuery>;
