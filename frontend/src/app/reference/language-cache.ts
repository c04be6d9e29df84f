import { z } from 'zod';

/**
 * The languages list kept in local storage (spec 01 §7 GET /api/languages/sync): each read sends the date the last
 * sync answered (none the first time), merges the changed languages into the stored list by id, drops the deleted
 * ones, sorts by name and stores the list with the new date. One list per flavour: with isOffers=true the server
 * answers a language that is no longer offered as deleted, so the two lists differ. Sign-in and sign-out clear
 * local storage (auth-token.ts), so the list is rebuilt by a sync without a date then. The merge is pure and the
 * storage is handed in, so the unit specs use a map.
 */

/** One language as the sync answers it (read-models LanguageView). */
export const syncedLanguageSchema = z.object({ id: z.number(), name: z.string(), code: z.string(), isOffers: z.boolean(), isDeleted: z.boolean(), imgUrl: z.string().nullable() });
export type SyncedLanguage = z.infer<typeof syncedLanguageSchema>;

/** The sync answer, and also what is stored: the list and the date to send next time. */
export const languageSyncSchema = z.object({ languages: z.array(syncedLanguageSchema), date: z.string().nullable() });
export type LanguageSync = z.infer<typeof languageSyncSchema>;

/** 'offers': GET ?isOffers=true (the languages tours are run in); 'all': every language. */
export type LanguageFlavour = 'offers' | 'all';

/** The part of the Storage interface the cache uses (local storage in the browser). */
export type LanguageStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export const LANGUAGE_CACHE_PREFIX = 'tbo.languages.';
export const languageCacheKey = (flavour: LanguageFlavour) => `${LANGUAGE_CACHE_PREFIX}${flavour}`;

/** The data's names are English; the order the app's other name lists use (case and accents aside), then by id. */
const byName = new Intl.Collator('en', { sensitivity: 'base' });
const compare = (a: SyncedLanguage, b: SyncedLanguage) => byName.compare(a.name, b.name) || a.id - b.id;

/**
 * The stored list (null: nothing stored yet) with a sync answer applied: an answered language replaces the stored
 * one of its id or is added, a deleted one is dropped, the rest stays; sorted by name. The answered date is the
 * one to send next time; an answer without one keeps the stored date.
 */
export function mergeLanguages(stored: LanguageSync | null, answer: LanguageSync): LanguageSync {
  const byId = new Map((stored?.languages ?? []).map((l) => [l.id, l]));
  for (const l of answer.languages) {
    if (l.isDeleted) byId.delete(l.id);
    else byId.set(l.id, l);
  }
  return { languages: [...byId.values()].filter((l) => !l.isDeleted).sort(compare), date: answer.date ?? stored?.date ?? null };
}

/** The stored list, or null when there is none or it cannot be read (corrupt, an older shape): a full sync then. */
export function readLanguageCache(storage: LanguageStorage | null, flavour: LanguageFlavour): LanguageSync | null {
  if (!storage) return null;
  try {
    const text = storage.getItem(languageCacheKey(flavour));
    if (text === null) return null;
    const parsed = languageSyncSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
  } catch {
    /* not JSON, or storage unavailable */
  }
  forget(storage, flavour);
  return null;
}

export function writeLanguageCache(storage: LanguageStorage | null, flavour: LanguageFlavour, cache: LanguageSync): void {
  if (!storage) return;
  try {
    storage.setItem(languageCacheKey(flavour), JSON.stringify(cache));
  } catch {
    // Full or unavailable: the next read starts over without a date rather than from a list that missed this one.
    forget(storage, flavour);
  }
}

function forget(storage: LanguageStorage, flavour: LanguageFlavour): void {
  try {
    storage.removeItem(languageCacheKey(flavour));
  } catch {
    /* storage unavailable */
  }
}

/**
 * One read: sync from the stored date, merge, store, and answer the languages that are not deleted, by name.
 * `fetchSync` calls the API with the date (null: all of them).
 */
export async function syncLanguages(
  flavour: LanguageFlavour,
  fetchSync: (date: string | null) => Promise<LanguageSync>,
  storage: LanguageStorage | null = languageStorage(),
): Promise<SyncedLanguage[]> {
  const stored = readLanguageCache(storage, flavour);
  const merged = mergeLanguages(stored, await fetchSync(stored?.date ?? null));
  writeLanguageCache(storage, flavour, merged);
  return merged.languages;
}

/** The sync path for a flavour and a stored date. */
export function languageSyncPath(flavour: LanguageFlavour, date: string | null): string {
  const q = new URLSearchParams();
  if (date) q.set('date', date);
  if (flavour === 'offers') q.set('isOffers', 'true');
  const s = q.toString();
  return `/api/languages/sync${s ? `?${s}` : ''}`;
}

/** Local storage in the browser; null where there is none (or it may not be used). */
export function languageStorage(): LanguageStorage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
