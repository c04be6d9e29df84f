import { Body, Controller, Get, HttpCode, Inject, Post, Query, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request } from 'express';
import type { Knex } from 'knex';
import { syncLanguages, waitForProjection, type LanguagesSync } from '@tbo/read-models';
import { commandContextFrom, CurrentUser, EVENT_STORE, KNEX, Roles, SignedIn, zodPipe, type AuthUser, type EventStore } from '@tbo/kernel';
import { SaveLanguageCommand, saveLanguageInput, syncLanguagesQuery, type SaveLanguageInput } from './language.commands';
import type { SavedLanguage } from './save-language.handler';

@ApiTags('languages')
@Controller('api/languages')
export class LanguagesController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  @Post()
  @HttpCode(200)
  @Roles('admin', 'superadmin')
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
