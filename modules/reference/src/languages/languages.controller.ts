import { Body, Query, Req } from '@nestjs/common';
import type { Request } from 'express';
import { syncLanguages, waitForProjection, type LanguagesSync } from '@tbo/read-models';
import { ApiController, commandContextFrom, CommandQueryController, CurrentUser, GetRoute, PostRoute, zodPipe, type AuthUser } from '@tbo/kernel';
import { SaveLanguageCommand, saveLanguageInput, syncLanguagesQuery, type SaveLanguageInput } from './language.commands';
import type { SavedLanguage } from './save-language.handler';

@ApiController('languages', 'api/languages')
export class LanguagesController extends CommandQueryController {
  @PostRoute('', ['superadmin'], 'Add (id 0) or change a language; answers it with version and position')
  save(@Body(zodPipe(saveLanguageInput)) body: SaveLanguageInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedLanguage> {
    return this.commands.execute(new SaveLanguageCommand(body, commandContextFrom(req, user)));
  }

  @GetRoute('sync', 'signed-in', 'Languages changed since date (deleted ones included) and the date to pass next time')
  async sync(@Query(zodPipe(syncLanguagesQuery)) q: { date: string | null; isOffers: boolean; after?: string }): Promise<LanguagesSync> {
    if (q.after) await waitForProjection(this.db, this.store, 'languages', q.after);
    return syncLanguages(this.db, q.date, q.isOffers);
  }
}
