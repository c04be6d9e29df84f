import { Body, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { findSupplierAccountSettings, waitForProjection } from '@tbo/read-models';
import { afterQuery, ApiController, commandContextFrom, CommandQueryController, CurrentUser, GetRoute, PutRoute, supplierScope, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from './account-settings';
import { SaveAccountSettingsCommand, saveAccountSettingsInput, type SaveAccountSettingsInput } from './account-settings.commands';
import type { SavedAccountSettings } from './save-account-settings.handler';

const STAFF = ['admin', 'editor', 'operations', 'accounts'] as const;

@ApiController('account', 'api/account')
export class AccountSettingsController extends CommandQueryController {
  /** The settings in force and their version (the stream revision; null: never saved, the defaults). */
  private async settingsOf(user: AuthUser, after?: string): Promise<AccountSettings & { version: number | null }> {
    const supplierId = supplierScope(user);
    if (after) await waitForProjection(this.db, this.store, 'supplier_profiles', after);
    const row = await findSupplierAccountSettings(this.db, supplierId);
    return { ...((row?.settings as AccountSettings | undefined) ?? DEFAULT_ACCOUNT_SETTINGS), version: row?.version ?? null };
  }

  @GetRoute('settings', STAFF, "The caller's supplier taxes, default commission and currency conversion (defaults until saved), with the version a save sends back (null: never saved)")
  async settings(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<AccountSettings & { version: number | null }> {
    const s = await this.settingsOf(user, q.after);
    return { taxes: s.taxes, defaultCommission: s.defaultCommission, currencyConversionSettings: s.currencyConversionSettings, version: s.version };
  }

  @GetRoute('defaultcommission', STAFF, "The caller's supplier default commission in percent")
  async defaultCommission(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<number> {
    return (await this.settingsOf(user, q.after)).defaultCommission;
  }

  @PutRoute('settings', ['admin'], 'Change taxes, default commission and currency conversion; prices already saved keep their values. version: the one GET answered (409 when it is stale; null: must still be unsaved)')
  async save(@Body(zodPipe(saveAccountSettingsInput)) body: SaveAccountSettingsInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedAccountSettings> {
    const { version, position: _position, ...input } = body;
    const supplierId = supplierScope(user);
    const settings: AccountSettings = { ...input, taxes: input.taxes.map((t) => ({ name: t.name, amount: t.amount, amountK: 0 })) };
    return this.commands.execute(new SaveAccountSettingsCommand(supplierId, settings, commandContextFrom(req, user), version));
  }
}
