import { Body, Controller, Get, HttpCode, Post, Query, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import { syncLanguages, waitForProjection, type LanguagesSync } from '@tbo/read-models';
import { commandContextFrom, CommandQueryController, CurrentUser, Roles, SignedIn, zodPipe, type AuthUser } from '@tbo/kernel';
import { SaveLanguageCommand, saveLanguageInput, syncLanguagesQuery, type SaveLanguageInput } from './language.commands';
import type { SavedLanguage } from './save-language.handler';

@ApiTags('languages')
@Controller('api/languages')
export class LanguagesController extends CommandQueryController {
  @Post()
  @HttpCode(200)
  @Roles('superadmin')
  @ApiOperation({ summary: 'Add (id 0) or change a language; answers it with version and position' })
  save(@Body(zodPipe(saveLanguageInput)) body: SaveLanguageInput, @CurrentUser() user: AuthUser, @Req() req: Request): Promise<SavedLanguage> {
    return this.commands.execute(new SaveLanguageCommand(body, commandContextFrom(req, user)));
  }

  @Get('sync')
  @SignedIn()
  @ApiOperation({ summary: 'Languages changed since date (deleted ones included) and the date to pass next time' })
  async sync(@Query(zodPipe(syncLanguagesQuery)) q: { date: string | null; isOffers: boolean; after?: string }): Promise<LanguagesSync> {
    if (q.after) await waitForProjection(this.db, this.store, 'languages', q.after);
    return syncLanguages(this.db, q.date, q.isOffers);
  }
}
