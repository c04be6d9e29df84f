import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { CommandHandlerBase } from '@tbo/kernel';
import { accountSettingsDecider, accountSettingsStream, DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from './account-settings';
import { SaveAccountSettingsCommand } from './account-settings.commands';

export type SavedAccountSettings = AccountSettings & { version: number | null; position: string | null };

@CommandHandler(SaveAccountSettingsCommand)
export class SaveAccountSettingsHandler extends CommandHandlerBase implements ICommandHandler<SaveAccountSettingsCommand, SavedAccountSettings> {
  async execute({ supplierId, settings, context, version }: SaveAccountSettingsCommand): Promise<SavedAccountSettings> {
    // version null: the admin edited the defaults (never saved), so a save someone made since is a clash (409), not
    // something to overwrite; not sent at all (scripts): no check.
    const expectedRevision = version === null ? 'no_stream' : version;
    const outcome = await this.runner.run({ stream: accountSettingsStream(supplierId), decider: accountSettingsDecider, command: { supplierId, settings }, context, expectedRevision });
    return { ...(outcome.state.settings ?? DEFAULT_ACCOUNT_SETTINGS), version: outcome.revision, position: outcome.position };
  }
}
