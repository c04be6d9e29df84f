import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { findLanguageByCode, type LanguageView } from '@tbo/read-models';
import { CommandHandlerBase, ValidationError } from '@tbo/kernel';
import { languageDecider, languageStream } from './language';
import { SaveLanguageCommand } from './language.commands';

export interface SavedLanguage extends LanguageView {
  version: number | null;
  position: string | null;
}

@CommandHandler(SaveLanguageCommand)
export class SaveLanguageHandler extends CommandHandlerBase implements ICommandHandler<SaveLanguageCommand, SavedLanguage> {
  async execute({ input, context }: SaveLanguageCommand): Promise<SavedLanguage> {
    // Codes are unique. Checked against the read model, so two people adding the same new
    // code within the projection's lag could both succeed; languages change rarely enough.
    const sameCode = await findLanguageByCode(this.db, input.code);
    if (sameCode && sameCode.id !== input.id) throw new ValidationError(`A language with code '${input.code}' already exists`);

    const isNew = !input.id;
    const id = input.id || (await this.ids.next('language'));
    const { version: _version, ...fields } = input;
    const command = { ...fields, id, isNew };
    const outcome = await this.runner.run({
      stream: languageStream(id),
      decider: languageDecider,
      command,
      context,
      expectedRevision: input.id ? input.version : undefined,
    });
    const { exists: _exists, ...language } = outcome.state;
    return { ...language, version: outcome.revision, position: outcome.position };
  }
}
