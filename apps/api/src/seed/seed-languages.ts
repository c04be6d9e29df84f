import type { Knex } from 'knex';
import type { CommandBus } from '@nestjs/cqrs';
import { SaveLanguageCommand } from '@tbo/reference';
import { systemContext } from '@tbo/kernel';

/** English and Russian are the interface languages; the rest are languages tours are run in. */
export const SEED_LANGUAGES = [
  { name: 'English', code: 'en', flag: 'gb' },
  { name: 'Russian', code: 'ru', flag: 'ru' },
  { name: 'Arabic', code: 'ar', flag: 'ae' },
  { name: 'German', code: 'de', flag: 'de' },
  { name: 'French', code: 'fr', flag: 'fr' },
  { name: 'Spanish', code: 'es', flag: 'es' },
  { name: 'Italian', code: 'it', flag: 'it' },
  { name: 'Chinese', code: 'zh', flag: 'cn' },
  { name: 'Hindi', code: 'hi', flag: 'in' },
  { name: 'Japanese', code: 'ja', flag: 'jp' },
  { name: 'Portuguese', code: 'pt', flag: 'pt' },
  { name: 'Turkish', code: 'tr', flag: 'tr' },
];

/** Through the same command as the API, so the events exist; saving again changes nothing. */
export async function seedLanguages(commands: CommandBus, db: Knex): Promise<number> {
  const existing = await db('languages').select<{ id: number; code: string }[]>('id', 'code');
  let changed = 0;
  for (const l of SEED_LANGUAGES) {
    const id = existing.find((e) => e.code === l.code)?.id ?? 0;
    const saved = await commands.execute(
      new SaveLanguageCommand(
        { id, name: l.name, code: l.code, isOffers: true, isDeleted: false, imgUrl: `/flags/${l.flag}.svg` },
        systemContext('seed'),
      ),
    );
    if ((saved as { position: string | null }).position) changed++;
  }
  return changed;
}
