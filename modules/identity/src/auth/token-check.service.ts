import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Knex } from 'knex';
import { passwordVersionOf } from '@tbo/read-models';
import { KNEX, type TokenCheck, type TokenClaims } from '@tbo/kernel';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';

interface Cached {
  version: number | undefined;
  at: number;
}

const MAX_ENTRIES = 50_000;
/** How long a version this process wrote itself outranks a read model that may lag behind it. */
const FLOOR_MS = 5 * 60_000;

/**
 * A token stops working once the user's password changed after it was issued: tokens carry the
 * password version (`pwv`, the number of changes so far) and one older than the user's current
 * version answers 401. Tokens never issued by sign-in (no `pwv`) are not tied to a password.
 *
 * Per request this costs a map lookup: each process keeps the versions it read for a few seconds
 * (TOKEN_CHECK_CACHE_MS), then one unique-index probe of the users read table. The process
 * that changes a password knows the new version at once; other processes learn it within the
 * cache time after the projection applied the change.
 */
@Injectable()
export class TokenCheckService implements TokenCheck {
  private readonly log = new Logger(TokenCheckService.name);
  private readonly cache = new Map<string, Cached>();
  private readonly floors = new Map<string, { version: number; at: number }>();

  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async isCurrent(claims: TokenClaims): Promise<boolean> {
    if (claims.pwv === undefined) return true;
    const current = await this.versionOf(claims.sub);
    return current !== undefined && claims.pwv >= current;
  }

  /** Called where the password changed, so this process refuses older tokens without waiting for the read model. */
  noteVersion(email: string, version: number): void {
    this.floors.set(email, { version, at: Date.now() });
    this.cache.delete(email);
  }

  private async versionOf(email: string): Promise<number | undefined> {
    const now = Date.now();
    let entry = this.cache.get(email);
    if (!entry || now - entry.at >= this.config.TOKEN_CHECK_CACHE_MS) {
      try {
        entry = { version: await passwordVersionOf(this.db, email), at: now };
        if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
        this.cache.set(email, entry);
      } catch (err) {
        // Without the database nothing else answers either; keep serving what we knew rather than signing everyone out.
        this.log.warn(`password version of a token not checked: ${(err as Error).message}`);
        if (!entry) return 0;
      }
    }
    const floor = this.floors.get(email);
    if (floor && now - floor.at >= FLOOR_MS) this.floors.delete(email);
    else if (floor) return Math.max(floor.version, entry.version ?? floor.version);
    return entry.version;
  }
}
