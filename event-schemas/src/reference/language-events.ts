import { z } from 'zod';
import { PG_INT_MAX } from '../limits';
import type { EventUnion } from '../event-union';
import type { EventSchemaDefinition } from '../registry';

/** The fields a language carries in every event that (re)states it. */
const languageFields = {
  id: z.number().int().positive().max(PG_INT_MAX),
  name: z.string().min(1).max(100),
  code: z.string().min(2).max(10),
  isOffers: z.boolean(),
  imgUrl: z.string().max(500).nullable(),
};

export const LanguageAdded = z.object(languageFields);
export const LanguageChanged = z.object(languageFields);
export const LanguageDeleted = z.object({ id: z.number().int().positive().max(PG_INT_MAX) });
export const LanguageRestored = z.object({ id: z.number().int().positive().max(PG_INT_MAX) });

export type LanguageAddedData = z.infer<typeof LanguageAdded>;

/** The schema of each event type, by type. */
export const languageEventTypes = { LanguageAdded, LanguageChanged, LanguageDeleted, LanguageRestored };
export type LanguageEvent = EventUnion<typeof languageEventTypes>;

export const languageEventSchemas: EventSchemaDefinition[] = [
  {
    type: 'LanguageAdded',
    version: 1,
    schema: LanguageAdded,
    example: { id: 1, name: 'English', code: 'en', isOffers: true, imgUrl: '/flags/en.svg' },
  },
  {
    type: 'LanguageChanged',
    version: 1,
    schema: LanguageChanged,
    example: { id: 2, name: 'Russian', code: 'ru', isOffers: false, imgUrl: null },
  },
  { type: 'LanguageDeleted', version: 1, schema: LanguageDeleted, example: { id: 3 } },
  { type: 'LanguageRestored', version: 1, schema: LanguageRestored, example: { id: 3 } },
];
