import { Body, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { findSupplierProfile, waitForProjection } from '@tbo/read-models';
import { afterQuery, ApiController, commandContextFrom, CommandQueryController, CurrentUser, GetRoute, PutRoute, supplierScope, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import { profileFrom, type SupplierProfile } from './supplier-profile';
import { SaveSupplierProfileCommand, saveSupplierProfileInput, type SaveSupplierProfileInput } from './supplier-profile.commands';
import type { SavedSupplierProfile } from './save-supplier-profile.handler';

@ApiController('suppliers', 'api/suppliers')
export class SupplierProfileController extends CommandQueryController {
  @GetRoute('my', ['admin', 'editor', 'operations', 'accounts'], "The caller's supplier business profile with its version (null: never saved)")
  async my(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<SupplierProfile & { version: number | null }> {
    const supplierId = supplierScope(user);
    if (q.after) await waitForProjection(this.db, this.store, 'supplier_profiles', q.after);
    const row = await findSupplierProfile(this.db, supplierId);
    if (!row) return { ...profileFrom({ core: null, contacts: null, defaultSettings: null, cancellationPolicy: null }), version: null };
    const profile = profileFrom({
      core: row.core as never,
      contacts: row.contacts as never,
      defaultSettings: row.defaultSettings as never,
      cancellationPolicy: row.cancellationPolicy?.cancellationPolicy ?? null,
    });
    return { ...profile, version: row.version };
  }

  @PutRoute('', ['admin'], "Save the caller's supplier business profile (rich text is sanitised); 409 on a stale version")
  save(@Body(zodPipe(saveSupplierProfileInput)) body: SaveSupplierProfileInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedSupplierProfile> {
    const { version, position: _position, ...profile } = body;
    return this.commands.execute(new SaveSupplierProfileCommand(supplierScope(user), profile, commandContextFrom(req, user), version));
  }
}
