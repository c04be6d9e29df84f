import { Body, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { ContractBook, CONTRACT_MESSAGES } from '@tbo/booking';
import { listResellerKeys, waitForProjection, type ResellerKeyListRow } from '@tbo/read-models';
import { afterQuery, ApiController, commandContextFrom, CommandQueryController, CurrentUser, GetRoute, IdPipe, NotFoundError, PostRoute, supplierScope, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import { IssueResellerKeyCommand, issueResellerKeyInput, RevokeResellerKeyCommand, type IssueResellerKeyInput, type IssuedResellerKey, type RevokedResellerKey } from './reseller-key.commands';

/**
 * An agency's API keys for the OCTO supplier API, on the contracting tab: admins of the supplier that contracted the
 * agency only. Another supplier's agency, or one never contracted, answers 404.
 */
@ApiController('contracts', 'api/contracts/:agencyId/reseller-keys')
export class ResellerKeysController extends CommandQueryController {
  constructor(private readonly contracts: ContractBook) {
    super();
  }

  @GetRoute('', ['admin'], "The agency's API keys, newest first: [{id, name, keyPrefix, issuedAt, revokedAt, lastUsedAt}] (never the key itself)")
  async list(@Param('agencyId', IdPipe) agencyId: number, @Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<ResellerKeyListRow[]> {
    const supplierId = supplierScope(user);
    if (!(await this.contracts.contractOf(supplierId, agencyId))) throw new NotFoundError(CONTRACT_MESSAGES.notFound, 'Not found');
    if (q.after) await waitForProjection(this.db, this.store, 'reseller_keys', q.after);
    return listResellerKeys(this.db, supplierId, agencyId);
  }

  @PostRoute('', ['admin'], 'Issue an API key to the agency: {name} → {id, name, keyPrefix, key, issuedAt, position}. The key is shown in this answer only.')
  issue(@Param('agencyId', IdPipe) agencyId: number, @Body(zodPipe(issueResellerKeyInput)) body: IssueResellerKeyInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<IssuedResellerKey> {
    return this.commands.execute(new IssueResellerKeyCommand(supplierScope(user), agencyId, body.name, commandContextFrom(req, user)));
  }

  @PostRoute(':keyId/revoke', ['admin'], 'Revoke an API key for good: {id, revokedAt, position}; OCTO refuses it from the next request on')
  revoke(@Param('agencyId', IdPipe) agencyId: number, @Param('keyId', IdPipe) keyId: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<RevokedResellerKey> {
    return this.commands.execute(new RevokeResellerKeyCommand(supplierScope(user), agencyId, keyId, commandContextFrom(req, user)));
  }
}
