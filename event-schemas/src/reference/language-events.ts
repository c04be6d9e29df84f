import { z } from 'zod';
import type { EventSchemaDefinition } from '../registry';

/** The fields a language carries in every event that (re)states it. */
const languageFields = {
  id: z.number().int().positive(),
  name: z.string().min(1).max(100),
  code: z.string().min(2).max(10),
  isOffers: z.boolean(),
  imgUrl: z.string().max(500).nullable(),
};

export const LanguageAdded = z.object(languageFields);
export const LanguageChanged = z.object(languageFields);
export const LanguageDeleted = z.object({ id: z.number().int().positive() });
export const LanguageRestored = z.object({ id: z.number().int().positive() });

export type LanguageAddedData = z.infer<typeof LanguageAdded>;
export type LanguageChangedData = z.infer<typeof LanguageChanged>;
export type LanguageDeletedData = z.infer<typeof LanguageDeleted>;
export type LanguageRestoredData = z.infer<typeof LanguageRestored>;

export type LanguageEvent =
  | { type: 'LanguageAdded'; data: LanguageAddedData }
  | { type: 'LanguageChanged'; data: LanguageChangedData }
  | { type: 'LanguageDeleted'; data: LanguageDeletedData }
  | { type: 'LanguageRestored'; data: LanguageRestoredData };

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
