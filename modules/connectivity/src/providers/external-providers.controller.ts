import { Body, Param, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { externalProvidersProjection, findExternalProvider, listExternalProviders, waitUntilCurrent, type ExternalProviderListRow } from '@tbo/read-models';
import { afterQuery, ApiController, commandContextFrom, CommandQueryController, CurrentUser, DeleteRoute, GetRoute, IdPipe, PostRoute, PutRoute, supplierScope, zodPipe, type AfterQuery, type AuthUser } from '@tbo/kernel';
import { externalProviderNotFound } from './external-provider';
import { DeleteExternalProviderCommand, SaveExternalProviderCommand, saveExternalProviderInput, type SaveExternalProviderInput } from './external-provider.commands';
import type { DeletedExternalProvider, SavedExternalProvider } from './save-external-provider.handler';

/**
 * Managing a supplier's upstream OCTO providers. Spec 02 names no routes for it (only the time slot editor's
 * /api/timeslots/external* calls, which use these providers), so these are ours, under /api/connectivity:
 *
 *   GET    /api/connectivity/providers        [{id, name, baseUrl, hasApiKey, version}] by name
 *   GET    /api/connectivity/providers/{id}   {id, name, baseUrl, hasApiKey, version}
 *   POST   /api/connectivity/providers        {id: 0, name, baseUrl, apiKey} → {id, name, baseUrl, hasApiKey, version, position}
 *   PUT    /api/connectivity/providers        {id, name, baseUrl, apiKey?, version?} → same; no apiKey keeps the stored one
 *   DELETE /api/connectivity/providers/{id}   → {id, isDeleted: true, version, position}
 *
 * Admin only: a provider holds the supplier's credentials with a third party. The key is never answered back.
 */
@ApiController('connectivity', 'api/connectivity/providers')
export class ExternalProvidersController extends CommandQueryController {
  private caughtUp(after: string | undefined): Promise<boolean> {
    return waitUntilCurrent(this.db, this.store, externalProvidersProjection, after);
  }

  private save(body: SaveExternalProviderInput, user: AuthUser, req: Request): Promise<SavedExternalProvider> {
    const supplierId = supplierScope(user);
    const { id, name, baseUrl, apiKey, version } = body;
    return this.commands.execute(new SaveExternalProviderCommand(supplierId, id, { name, baseUrl, apiKey }, commandContextFrom(req, user), version));
  }

  @GetRoute('', ['admin'], "The supplier's external OCTO providers, by name: [{id, name, baseUrl, hasApiKey, version}] (never the key)")
  async list(@Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<ExternalProviderListRow[]> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    return listExternalProviders(this.db, supplierId);
  }

  @GetRoute(':id', ['admin'], "One provider {id, name, baseUrl, hasApiKey, version}; 404 'Not found' for an unknown, deleted or another supplier's provider")
  async one(@Param('id', IdPipe) id: number, @Query(zodPipe(afterQuery)) q: AfterQuery, @CurrentUser() user: AuthUser): Promise<ExternalProviderListRow> {
    const supplierId = supplierScope(user);
    await this.caughtUp(q.after);
    const row = await findExternalProvider(this.db, id);
    if (!row || row.supplierId !== supplierId || row.isDeleted) throw externalProviderNotFound();
    return { id: row.id, name: row.name, baseUrl: row.baseUrl, hasApiKey: row.hasApiKey, version: row.version };
  }

  @PostRoute('', ['admin'], 'Create a provider (id 0; another id is saved as with PUT): {name, baseUrl, apiKey}; answers it with version and position, hasApiKey instead of the key')
  create(@Body(zodPipe(saveExternalProviderInput)) body: SaveExternalProviderInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedExternalProvider> {
    return this.save(body, user, req);
  }

  @PutRoute('', ['admin'], 'Save a provider; an empty or missing apiKey keeps the stored key; 409 when the version sent is stale')
  update(@Body(zodPipe(saveExternalProviderInput)) body: SaveExternalProviderInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedExternalProvider> {
    return this.save(body, user, req);
  }

  @DeleteRoute(':id', ['admin'], 'Delete a provider for good; answers {id, isDeleted: true, version, position}')
  remove(@Param('id', IdPipe) id: number, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<DeletedExternalProvider> {
    const supplierId = supplierScope(user);
    return this.commands.execute(new DeleteExternalProviderCommand(supplierId, id, commandContextFrom(req, user)));
  }
}
