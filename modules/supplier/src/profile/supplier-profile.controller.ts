import { Body, Controller, Get, Inject, Put, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { z } from 'zod';
import { findSupplierProfile, waitForProjection } from '@tbo/read-models';
import { afterParam, commandContextFrom, CurrentUser, EVENT_STORE, ForbiddenError, KNEX, Roles, zodPipe, type AuthUser, type EventStore } from '@tbo/kernel';
import { profileFrom, type SupplierProfile } from './supplier-profile';
import { SaveSupplierProfileCommand, saveSupplierProfileInput, type SaveSupplierProfileInput } from './supplier-profile.commands';
import type { SavedSupplierProfile } from './save-supplier-profile.handler';

const readQuery = z.object({ after: afterParam }).strict();

/** The caller's supplier, from the token: staff only ever see and change their own profile. */
export function supplierOf(user: AuthUser): number {
  if (!user.supplierId) throw new ForbiddenError();
  return user.supplierId;
}

@ApiTags('suppliers')
@Controller('api/suppliers')
export class SupplierProfileController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Get('my')
  @Roles('admin', 'editor', 'operations', 'accounts')
  @ApiOperation({ summary: "The caller's supplier business profile with its version (null: never saved)" })
  async my(@Query(zodPipe(readQuery)) q: { after?: string }, @CurrentUser() user: AuthUser): Promise<SupplierProfile & { version: number | null }> {
    const supplierId = supplierOf(user);
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

  @Put()
  @Roles('admin')
  @ApiOperation({ summary: "Save the caller's supplier business profile (rich text is sanitised); 409 on a stale version" })
  save(@Body(zodPipe(saveSupplierProfileInput)) body: SaveSupplierProfileInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedSupplierProfile> {
    const { version, position: _position, ...profile } = body;
    return this.commands.execute(new SaveSupplierProfileCommand(supplierOf(user), profile, commandContextFrom(req, user), version));
  }
}
