import { z } from 'zod';

/**
 * Sign-in throttling (README, "Sign-in and demo accounts"). Failures are counted in Redis per
 * account (email) and per client address over a fixed window that starts at the first failure.
 */
const schema = z.object({
  SIGNIN_MAX_FAILURES_PER_EMAIL: z.coerce.number().int().min(1).default(5),
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
