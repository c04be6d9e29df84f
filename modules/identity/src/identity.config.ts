import { z } from 'zod';

/**
 * Sign-in throttling (README, "Sign-in and demo accounts"; sign-in-throttle.ts). Failures are
 * counted in Redis per account (email) and client address, per account over all addresses and
 * per client address, each over a fixed window that starts at its first failure.
 */
const schema = z.object({
  /** Per account from one client address: what one attacker meets (the owner, at another address, signs in still). */
  SIGNIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  /** Per account over all addresses: bounds guessing spread over many addresses. */
  SIGNIN_MAX_FAILURES_PER_EMAIL_ALL_ADDRESSES: z.coerce.number().int().min(1).default(50),
  SIGNIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  SIGNIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(15 * 60),
  /** How long a process trusts a user's password version before reading it again. */
  TOKEN_CHECK_CACHE_MS: z.coerce.number().int().min(0).default(5_000),
});

export type IdentityConfig = z.infer<typeof schema>;

export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export function loadIdentityConfig(env: NodeJS.ProcessEnv = process.env): IdentityConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) {
    throw new Error(`Invalid configuration: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return parsed.data;
}
