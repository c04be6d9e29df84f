import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { recordedAs, type LanguageEvent } from '@tbo/event-schemas';
import { findLanguageByCode, type LanguageView } from '@tbo/read-models';
import { CommandHandlerBase, fold, nameKey, UniqueNames, ValidationError, type ScopedName } from '@tbo/kernel';
import { languageDecider, languageStream } from './language';
import { SaveLanguageCommand } from './language.commands';

export interface SavedLanguage extends LanguageView {
  version: number | null;
  position: string | null;
}

const codeOf = (code: string): ScopedName => ({ scope: 'language-code', name: code });

@CommandHandler(SaveLanguageCommand)
export class SaveLanguageHandler extends CommandHandlerBase implements ICommandHandler<SaveLanguageCommand, SavedLanguage> {
  @Inject(UniqueNames) private readonly names!: UniqueNames;

  async execute({ input, context }: SaveLanguageCommand): Promise<SavedLanguage> {
    // Codes are unique. The read table answers at once for codes taken long ago; the code's reservation stream
    // decides, so two people adding the same new code at once cannot both succeed.
    const taken = () => new ValidationError(`A language with code '${input.code}' already exists`);
    const sameCode = await findLanguageByCode(this.db, input.code);
    if (sameCode && sameCode.id !== input.id) throw taken();

    const isNew = !input.id;
    const id = input.id || (await this.ids.next('language'));
    const { version: _version, ...fields } = input;
    const command = { ...fields, id, isNew };
    const write = () => this.runner.run({ stream: languageStream(id), decider: languageDecider, command, context, expectedRevision: input.id ? input.version : undefined });
    const current = isNew ? null : await this.codeNow(id);
    // An id that names no language: the decider's 404, with nothing reserved.
    const outcome =
      !isNew && current === null
        ? await write()
        : await this.names.save({
            holder: id,
            name: codeOf(input.code),
            previous: current === null ? null : codeOf(current),
            bears: async (holder, held) => nameKey((await this.codeNow(holder)) ?? '') === nameKey(held.name),
            taken,
            context,
            write,
          });
    const { exists: _exists, ...language } = outcome.state;
    return { ...language, version: outcome.revision, position: outcome.position };
  }

  /** The code a language bears now, from its stream (null: no such language). */
  private async codeNow(id: number): Promise<string | null> {
    const state = fold(languageDecider, recordedAs<LanguageEvent>(await this.store.readStream(languageStream(id))));
    return state.exists ? state.code : null;
  }
}
