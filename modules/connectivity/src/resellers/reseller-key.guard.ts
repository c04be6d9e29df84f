import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { ContractBook } from '@tbo/booking';
import { findResellerKeyByHash, noteResellerKeyUsed } from '@tbo/read-models';
import { EVENT_STORE, KNEX, type EventStore } from '@tbo/kernel';
import { isKeyOf } from './reseller-key';
import { resellerKeyHistory } from './reseller-key-history';
import { RESELLER_KEY_MESSAGES } from './reseller-key-rules.pure';
import { hashResellerKey, looksLikeResellerKey } from './reseller-key-secret';
import { ResellerForbiddenException, ResellerUnauthorizedException, type RequestWithReseller, type ResellerCaller } from './reseller-caller';

/** How often a key's last-used time is written at most: telemetry, so a minute's precision is plenty. */
export const LAST_USED_EVERY_MS = 60_000;

/**
 * The OCTO routes' gate (with @Public(), so the JWT guard lets the request through to it): `Authorization: Bearer
 * <key>`. The key is found by its hash in the read table, a lookup whose lag only delays a brand-new key by a
 * moment; whether it is revoked and whether the agency's contract is active are asked of their streams, so a
 * revocation or a suspension holds from the very next request.
 */
@Injectable()
export class ResellerKeyGuard implements CanActivate {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly contracts: ContractBook,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<Request & RequestWithReseller>();
    req.reseller = await this.callerOf(req.header('authorization'));
    return true;
  }

  /**
   * The caller a bearer header names; a ResellerUnauthorizedException when no bearer key was sent (OCTO's
   * UNAUTHORIZED), a ResellerForbiddenException when the key is not one of ours, revoked or its contract suspended.
   */
  async callerOf(authorization: string | undefined): Promise<ResellerCaller> {
    const refused = () => new ResellerForbiddenException(RESELLER_KEY_MESSAGES.badKey);
    const key = /^Bearer (\S+)$/i.exec(authorization?.trim() ?? '')?.[1];
    if (!key) throw new ResellerUnauthorizedException(RESELLER_KEY_MESSAGES.noKey);
    if (!looksLikeResellerKey(key)) throw refused();
    const match = await findResellerKeyByHash(this.db, hashResellerKey(key));
    if (!match) throw refused();
    const [{ state }, contract] = await Promise.all([resellerKeyHistory(this.store, match.id), this.contracts.contractOf(match.supplierId, match.agencyId)]);
    if (!isKeyOf(state, match.supplierId, match.agencyId) || state.revoked || !contract) throw refused();
    if (!contract.active) throw new ResellerForbiddenException(RESELLER_KEY_MESSAGES.contractSuspended);
    const now = new Date();
    if (!match.lastUsedAt || now.getTime() - new Date(match.lastUsedAt).getTime() >= LAST_USED_EVERY_MS) {
      await noteResellerKeyUsed(this.db, match.id, now, LAST_USED_EVERY_MS);
    }
    return { keyId: match.id, supplierId: match.supplierId, agencyId: match.agencyId, agencyName: match.agencyName };
  }
}
