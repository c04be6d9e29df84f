import type { LanguageEvent } from '@tbo/event-schemas';
import { deletedFlag, namedItemKey } from '../runner/columns';
import { defineProjection } from '../runner/projection';

/**
 * Languages for the sync call. updated_at is the time the row was applied: batches are applied
 * one at a time per projection, so a row applied after a sync answered can never carry an
 * older updated_at than the date that sync handed out (languages.queries.ts relies on it).
 */
export const languagesProjection = defineProjection<LanguageEvent>({
  name: 'languages',
  version: 1,
  handles: ['LanguageAdded', 'LanguageChanged', 'LanguageDeleted', 'LanguageRestored'],
  tables: {
    languages: (t) => {
      namedItemKey(t);
      t.text('code').notNullable();
      t.boolean('is_offers').notNullable();
      deletedFlag(t);
      t.text('img_url');
      t.specificType('updated_at', 'timestamptz(6)').notNullable();
      t.index(['updated_at']);
    },
  },
  async apply({ trx, table }, event) {
    const languages = table('languages');
    const now = trx.raw('clock_timestamp()');
    switch (event.type) {
      case 'LanguageAdded':
      case 'LanguageChanged': {
        const { id, name, code, isOffers, imgUrl } = event.data;
        await trx(languages)
          .insert({ id, name, code, is_offers: isOffers, img_url: imgUrl, updated_at: now })
          .onConflict('id')
          .merge(['name', 'code', 'is_offers', 'img_url', 'updated_at']);
        return;
      }
      case 'LanguageDeleted':
        await trx(languages).where({ id: event.data.id }).update({ is_deleted: true, updated_at: now });
        return;
      case 'LanguageRestored':
        await trx(languages).where({ id: event.data.id }).update({ is_deleted: false, updated_at: now });
        return;
    }
  },
});
