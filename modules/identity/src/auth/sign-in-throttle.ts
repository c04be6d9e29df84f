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

/**
 * Counts failed sign-ins in Redis, per account (email) and per client address, each over a fixed
 * window that starts at its first failure (SET NX EX, then INCR, in one MULTI). When either count
 * has reached its limit, sign-in answers 429 before any password is checked, with a right or a
 * wrong password alike, until the window ends. A success clears the account's count only.
 *
 * Redis being down must not lock everybody out: then the throttle lets sign-ins through and
 * logs a warning (argon2's cost still bounds guessing per process).
 */
@Injectable()
export class SignInThrottle implements OnApplicationShutdown {
  private readonly log = new Logger(SignInThrottle.name);
  private client: Redis | null = null;
  private readonly prefix: string;

  constructor(
    @Inject(APP_CONFIG) private readonly app: AppConfig,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {
    this.prefix = `${app.QUEUE_PREFIX}:signin`;
  }

  /** Throws SignInThrottledError when the account or the address has used up its failures. */
  async assertAllowed(email: string, address: string | null): Promise<void> {
    const keys = this.keys(email, address);
    const answers = await this.redis((r) => {
      const m = r.multi();
      for (const k of keys) m.get(k.key).pttl(k.key);
      return m.exec();
    });
    if (!answers) return;
    let waitMs = 0;
    keys.forEach((k, i) => {
      const count = Number(answers[i * 2]?.[1] ?? 0);
      const ttl = Number(answers[i * 2 + 1]?.[1] ?? -2);
      if (count >= k.limit) waitMs = Math.max(waitMs, ttl > 0 ? ttl : this.config.SIGNIN_WINDOW_SECONDS * 1000);
    });
    if (waitMs > 0) throw new SignInThrottledError(Math.ceil(waitMs / 1000));
  }

  async recordFailure(email: string, address: string | null): Promise<void> {
    const window = this.config.SIGNIN_WINDOW_SECONDS;
    await this.redis((r) => {
      const m = r.multi();
      for (const k of this.keys(email, address)) m.set(k.key, 0, 'EX', window, 'NX').incr(k.key);
      return m.exec();
    });
  }

  /** After a successful sign-in: the account starts afresh (the address's count stays). */
  async reset(email: string): Promise<void> {
    await this.redis((r) => r.del(this.emailKey(email)));
  }

  async onApplicationShutdown(): Promise<void> {
    this.client?.disconnect();
  }

  private emailKey(email: string): string {
    return `${this.prefix}:email:${createHash('sha1').update(email).digest('hex')}`;
  }

  private keys(email: string, address: string | null): { key: string; limit: number }[] {
    const keys = [{ key: this.emailKey(email), limit: this.config.SIGNIN_MAX_FAILURES_PER_EMAIL }];
    if (address) keys.push({ key: `${this.prefix}:addr:${address}`, limit: this.config.SIGNIN_MAX_FAILURES_PER_ADDRESS });
    return keys;
  }

  private async redis<T>(run: (r: Redis) => Promise<T>): Promise<T | null> {
    try {
      // Connected on first use: the command line and the seed load this module and never sign in.
      if (!this.client) {
        this.client = new Redis(this.app.REDIS_URL, { maxRetriesPerRequest: 1, connectTimeout: 2000, commandTimeout: 2000 });
        this.client.on('error', () => undefined); // each failed command logs its own warning
      }
      return await run(this.client);
    } catch (err) {
      this.log.warn(`sign-in throttling is off while Redis cannot be reached: ${(err as Error).message}`);
      return null;
    }
  }
}
