import { Inject, Injectable, Logger } from '@nestjs/common';
import type { Knex } from 'knex';
import { findUserByEmail } from '@tbo/read-models';
import { KNEX, ROLE_CLAIM, type TokenCheck, type TokenClaims } from '@tbo/kernel';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config';
import { mayActAs } from '../users/user';

/** What a token is checked against: the user as the users read table has them (null: no such user). */
export interface Holder {
  version: number;
  supplierId: number | null;
  agencyId: number | null;
  roles: readonly string[];
  active: boolean;
}

interface Cached {
  holder: Holder | null;
  at: number;
}

const MAX_ENTRIES = 50_000;
/** How long a version this process wrote itself outranks a read model that may lag behind it. */
const FLOOR_MS = 5 * 60_000;

/**
 * A token works only while it still describes its user: the user exists, the password has not
 * changed since it was issued (tokens carry the password version, `pwv`, the number of changes so
 * far), and the user still belongs to the token's supplier or agency and still has every role
 * the token claims. Anything else answers 401, so a token signed for a made-up user, or kept
 * after a demotion, a deactivation or a password change, stops working. A 'log me in' token (claim
 * `act`: the admin's email, `sub`, and password version, `pwv`) also needs its admin to be active
 * still, with the same password, and still allowed to log in as the user (mayActAs: admin or
 * superadmin, of the user's supplier or agency unless superadmin).
 *
 * Per request this costs a map lookup: each process keeps the users it read for a few seconds
 * (TOKEN_CHECK_CACHE_MS), then one unique-index probe of the users read table. The process
 * that changes a password knows the new version at once; other processes learn it within the
 * cache time after the projection applied the change.
 */
@Injectable()
export class TokenCheckService implements TokenCheck {
  private readonly log = new Logger(TokenCheckService.name);
  private readonly cache = new Map<string, Cached>();
  private readonly floors = new Map<string, { version: number; at: number }>();
  /** Users this process deactivated: refused before the read model says so (for FLOOR_MS). */
  private readonly inactive = new Map<string, number>();

  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async isCurrent(claims: TokenClaims & { pwv: number }): Promise<boolean> {
    const holder = await this.holderOf(claims.sub);
    if (!holder || !holder.active || claims.pwv < holder.version) return false;
    if (claims.act !== undefined && !(await this.actorMayStill(claims.act, holder))) return false;
    if ((claims.SupplierId ?? null) !== holder.supplierId || (claims.AgencyId ?? null) !== holder.agencyId) return false;
    const raw = claims[ROLE_CLAIM];
    const claimed = Array.isArray(raw) ? raw : raw ? [raw] : [];
    return claimed.every((r) => holder.roles.includes(r));
  }

  /**
   * A 'log me in' token's admin: still there and active, with the password they had when it was
   * issued, and still allowed to log in as its user. A token whose `act` has no `pwv` (issued before
   * it was carried) is refused, not trusted on the admin's email alone: it would have expired within
   * JWT_TTL_SECONDS anyway, and the admin can log in as the user again.
   */
  private async actorMayStill(act: unknown, holder: Holder): Promise<boolean> {
    const { sub, pwv } = (act ?? {}) as { sub?: unknown; pwv?: unknown };
    if (typeof sub !== 'string' || typeof pwv !== 'number') return false;
    const actor = await this.holderOf(sub);
    return !!actor && actor.active && pwv >= actor.version && mayActAs(actor, holder);
  }

  /** Called where the password changed, so this process refuses older tokens without waiting for the read model. */
  noteVersion(email: string, version: number): void {
    this.floors.set(email, { version, at: Date.now() });
    this.cache.delete(email);
  }

  /** Called where roles or activity changed: this process reads the user afresh, and a deactivation holds at once. */
  noteChanged(email: string, active?: boolean): void {
    if (active === false) this.inactive.set(email, Date.now());
    else if (active === true) this.inactive.delete(email);
    this.cache.delete(email);
  }

  /** The user as tokens are checked against them (cached for TOKEN_CHECK_CACHE_MS; this process's own changes at once). */
  async holderOf(email: string): Promise<Holder | null> {
    const now = Date.now();
    let entry = this.cache.get(email);
    if (!entry || now - entry.at >= this.config.TOKEN_CHECK_CACHE_MS) {
      try {
        const user = await findUserByEmail(this.db, email);
        entry = { holder: user ? { version: user.passwordVersion, supplierId: user.supplierId, agencyId: user.agencyId, roles: user.roles, active: user.active } : null, at: now };
        if (this.cache.size >= MAX_ENTRIES) this.cache.clear();
        this.cache.set(email, entry);
      } catch (err) {
        // Without the database nothing else answers either: keep serving users we knew, but vouch for nobody new.
        this.log.warn(`user of a token not checked: ${(err as Error).message}`);
        if (!entry) return null;
      }
    }
    const deactivatedAt = this.inactive.get(email);
    if (deactivatedAt !== undefined && now - deactivatedAt >= FLOOR_MS) this.inactive.delete(email);
    else if (deactivatedAt !== undefined && entry.holder) entry = { ...entry, holder: { ...entry.holder, active: false } };
    const floor = this.floors.get(email);
    if (floor && now - floor.at >= FLOOR_MS) this.floors.delete(email);
    else if (floor && entry.holder) return { ...entry.holder, version: Math.max(floor.version, entry.holder.version) };
    return entry.holder;
  }
}
