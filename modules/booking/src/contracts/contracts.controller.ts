import { Body, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { listContracts, uncontractedAgencies, waitForProjection, type ContractListRow } from '@tbo/read-models';
import { afterQuery, ApiController, commandContextFrom, CommandQueryController, CurrentUser, GetRoute, IdPipe, PostRoute, PutRoute, supplierScope, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import {
  AddContractedAgencyCommand,
  addAgencyInput,
  setCommissionInput,
  SetContractCommissionCommand,
  SignContractCommand,
  signContractInput,
  SuspendContractCommand,
  type AddAgencyInput,
  type AddedAgency,
  type SavedContract,
  type SignContractInput,
} from './contract.commands';

/**
 * The contracting tab of the admin settings (issue 13): the agencies that may sell the supplier's tours. Admins
 * only, always within the caller's supplier: another supplier's contract with the same agency is a different
 * contract, and one this supplier never signed answers 404.
 */
@ApiController('contracts', 'api/contracts')
export class ContractsController extends CommandQueryController {
  /** Read your writes: the rows come from the contracts table, the agent counts from the users table. */
  private async caughtUp(after?: string): Promise<void> {
    if (after) await Promise.all([waitForProjection(this.db, this.store, 'contracts', after), waitForProjection(this.db, this.store, 'users', after)]);
  }

  @GetRoute('', ['admin'], "The supplier's contracted agencies by name: [{agencyId, agencyName, commission (percent, null: the period's), isSuspended, signedAt, agents}]")
  async list(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<ContractListRow[]> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    return listContracts(this.db, supplierId);
  }

  @GetRoute('agencies', ['admin'], 'Agencies the supplier has not contracted yet, [{id, name}] by name')
  async agencies(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<{ id: number; name: string }[]> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    return uncontractedAgencies(this.db, supplierId);
  }

  @PostRoute(
    '',
    ['admin'],
    'Register an agency with its first agent (an agency admin with the agent role) and sign it: {agencyName, agentFullName, agentEmail, agentPassword, commission|null}; ' +
      'a refused field registers nothing',
  )
  add(@Body(zodPipe(addAgencyInput)) body: AddAgencyInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<AddedAgency> {
    return this.commands.execute(new AddContractedAgencyCommand(supplierScope(user), body, commandContextFrom(req, user)));
  }

  @PostRoute(':agencyId', ['admin'], 'Sign an agency that exists but is not contracted yet: {commission|null}; 404 for an unknown agency, 409 when it is already contracted with another commission')
  sign(@Param('agencyId', IdPipe) agencyId: number, @Body(zodPipe(signContractInput)) body: SignContractInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedContract> {
    return this.commands.execute(new SignContractCommand(supplierScope(user), agencyId, body.commission, commandContextFrom(req, user)));
  }

  @PutRoute(':agencyId', ['admin'], "Set the agency's commission (percent, or null for the valid period's); it applies to the agency's new bookings")
  setCommission(@Param('agencyId', IdPipe) agencyId: number, @Body(zodPipe(setCommissionInput)) body: SignContractInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedContract> {
    return this.commands.execute(new SetContractCommissionCommand(supplierScope(user), agencyId, body.commission, commandContextFrom(req, user)));
  }

  @PostRoute(':agencyId/suspend', ['admin'], "Suspend the contract: the agency's agents no longer see or book the supplier's tours (bookings made stand)")
  suspend(@Param('agencyId', IdPipe) agencyId: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedContract> {
    return this.commands.execute(new SuspendContractCommand(supplierScope(user), agencyId, true, commandContextFrom(req, user)));
  }

  @PostRoute(':agencyId/resume', ['admin'], 'Resume a suspended contract')
  resume(@Param('agencyId', IdPipe) agencyId: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedContract> {
    return this.commands.execute(new SuspendContractCommand(supplierScope(user), agencyId, false, commandContextFrom(req, user)));
  }
}
