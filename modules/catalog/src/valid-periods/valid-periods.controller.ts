import { Body, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { ApiController, commandContextFrom, CurrentUser, PostRoute, supplierScope, zodPipe, type AuthUser } from '@tbo/kernel';
import { SaveValidPeriodCommand, saveValidPeriodInput, type SaveValidPeriodInput } from '../offers/offer.commands';
import type { SavedValidPeriod } from '../offers/save-offer.handler';

@ApiController('offers', 'api/validperiods')
export class ValidPeriodsController {
  constructor(private readonly commands: CommandBus) {}

  @PostRoute(
    '',
    ['admin', 'editor'],
    "Save a valid period of one of your offers (id 0 for a new one; saving replaces it in the offer). Prices are checked against the account's current VAT, conversion and commission, which the period keeps. Changing a saved period (id > 0) needs the offer's version the editor loaded: a stale one answers 409. Answers the saved period with the offer's new version and position",
  )
  save(@Body(zodPipe(saveValidPeriodInput)) body: SaveValidPeriodInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedValidPeriod> {
    const { vat: _v, vatK: _k, convRate: _r, convType: _t, defaultCommission: _d, position: _p, version, ...period } = body;
    return this.commands.execute(new SaveValidPeriodCommand(supplierScope(user), period, commandContextFrom(req, user), version));
  }
}
