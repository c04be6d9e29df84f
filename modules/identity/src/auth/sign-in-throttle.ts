import { createHash } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { Redis } from 'ioredis';
import { APP_CONFIG, AppError, type AppConfig } from '@tbo/kernel';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';

export class SignInThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, 'Too many requests', `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`);
  }
}

/** The counters one attempt took a place on; given back (all or some) when the password was right. */
export interface SignInClaim {
  readonly pairKey: string;
  readonly otherKeys: readonly string[];
}

/**
 * Claim, in one step: when any counter has reached its limit, answer its time to live in ms and
 * change nothing; otherwise add one to every counter (a new one lives for the window) and answer 0.
 * KEYS: the counters; ARGV[1]: the window in ms; ARGV[1 + i]: the limit of KEYS[i].
 */
const CLAIM_SCRIPT = `
local wait = 0
for i, key in ipairs(KEYS) do
  if tonumber(redis.call('GET', key) or '0') >= tonumber(ARGV[i + 1]) then
    local ttl = redis.call('PTTL', key)
    if ttl < 0 then ttl = tonumber(ARGV[1]) end
    if ttl > wait then wait = ttl end
  end
end
if wait > 0 then return wait end
for _, key in ipairs(KEYS) do
  redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[1]) end
end
return 0
`;

/**
 * Give back: the first ARGV[1] KEYS are cleared, the others lose the one place the attempt took
 * (never below 0, and never made again once the window has ended and the key is gone).
 */
const REFUND_SCRIPT = `
for i, key in ipairs(KEYS) do
  if i <= tonumber(ARGV[1]) then
    redis.call('DEL', key)
  elseif tonumber(redis.call('GET', key) or '0') > 0 then
    redis.call('DECR', key)
  end
end
return 0
`;

type ThrottleRedis = Redis & {
  signinClaim(numKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
  signinRefund(numKeys: number, ...keysAndArgs: (string | number)[]): Promise<number>;
};

/**
 * Counts sign-in attempts in Redis, each counter over a fixed window that starts at its first
 * attempt:
 * - per account and client address (SIGNIN_MAX_FAILURES_PER_EMAIL): the lock one attacker meets;
 *   it does not lock the account's owner out from their own address;
 * - per account over all addresses (SIGNIN_MAX_FAILURES_PER_EMAIL_ALL_ADDRESSES, much higher):
 *   guessing from many addresses stays bounded too;
 * - per client address over all accounts (SIGNIN_MAX_FAILURES_PER_ADDRESS): one address spraying
 *   many accounts.
 *
 * An attempt claims its place on every counter atomically (one Lua script) before the password is
 * checked, so parallel requests cannot all slip past a limit while their argon2 checks run: once
 * a counter is full, the attempt answers 429, with a right or a wrong password alike, and counts
 * nothing. A wrong password keeps its places; a right one clears its account-and-address counter
 * and gives its place back on the other two (so only failures count there).
 *
 * Redis being down must not lock everybody out: then the throttle lets sign-ins through and
 * logs a warning (argon2's cost still bounds guessing per process).
 */
@Injectable()
export class SignInThrottle implements OnApplicationShutdown {
  private readonly log = new Logger(SignInThrottle.name);
  private client: ThrottleRedis | null = null;
  private readonly prefix: string;

  constructor(
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.prefix = `${app.QUEUE_PREFIX}:signin`;
  }

  /**
   * Takes a place for one attempt at `email`'s password from `address` (null: not known; such
   * attempts share one account-and-address counter), or throws SignInThrottledError when a counter
   * is full. Null when Redis cannot be reached (not throttled).
   */
  async claim(email: string, address: string | null): Promise<SignInClaim | null> {
    const counters = this.counters(email, address);
    const windowMs = this.config.SIGNIN_WINDOW_SECONDS * 1000;
    const keys = counters.map((c) => c.key);
    const waitMs = await this.redis((r) => r.signinClaim(keys.length, ...keys, windowMs, ...counters.map((c) => c.limit)));
    if (waitMs === null) return null;
    if (Number(waitMs) > 0) throw new SignInThrottledError(Math.ceil(Number(waitMs) / 1000));
    return { pairKey: keys[0]!, otherKeys: keys.slice(1) };
  }

  /** The password was right: the account starts afresh from this address; the attempt does not count elsewhere. */
  async succeeded(claim: SignInClaim | null): Promise<void> {
    if (claim) await this.refund([claim.pairKey, ...claim.otherKeys], 1);
  }

  /** The attempt ended before its password was judged (an error): it counts nowhere. */
  async release(claim: SignInClaim | null): Promise<void> {
    if (claim) await this.refund([claim.pairKey, ...claim.otherKeys], 0);
  }

  async onApplicationShutdown(): Promise<void> {
    this.client?.disconnect();
  }

  private async refund(keys: string[], cleared: number): Promise<void> {
    await this.redis((r) => r.signinRefund(keys.length, ...keys, cleared));
  }

  /** The account-and-address counter first (claim() and refund() rely on it). */
  private counters(email: string, address: string | null): { key: string; limit: number }[] {
    const hash = (s: string) => createHash('sha1').update(s).digest('hex');
    const counters = [
      { key: `${this.prefix}:pair:${hash(`${email}\n${address ?? ''}`)}`, limit: this.config.SIGNIN_MAX_FAILURES_PER_EMAIL },
      { key: `${this.prefix}:email:${hash(email)}`, limit: this.config.SIGNIN_MAX_FAILURES_PER_EMAIL_ALL_ADDRESSES },
    ];
    if (address) counters.push({ key: `${this.prefix}:addr:${address}`, limit: this.config.SIGNIN_MAX_FAILURES_PER_ADDRESS });
    return counters;
  }

  private async redis<T>(run: (r: ThrottleRedis) => Promise<T>): Promise<T | null> {
    try {
      // Connected on first use: the command line and the seed load this module and never sign in.
      if (!this.client) {
        const client = new Redis(this.app.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 2000 });
        client.on('error', () => undefined); // each failed command logs its own warning
        client.defineCommand('signinClaim', { lua: CLAIM_SCRIPT });
        client.defineCommand('signinRefund', { lua: REFUND_SCRIPT });
        this.client = client as ThrottleRedis;
      }
      return await run(this.client);
    } catch (err) {
      this.log.warn(`sign-in throttling is off while Redis cannot be reached: ${(err as Error).message}`);
      return null;
    }
  }
}
