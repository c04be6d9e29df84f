import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../lib/api-client';
import { languageDisplayName } from '../../lib/display-names';
import { languageSyncPath, languageSyncSchema, syncLanguages, type LanguageFlavour, type SyncedLanguage } from './language-cache';

/**
 * The reference lists the editors' selects offer (cities, tour categories, tour languages), one hook each, so
 * every screen shares one cache entry per list with the same settings.
 */

export const optionSchema = z.object({ value: z.number(), label: z.string() });
export type Option = z.infer<typeof optionSchema>;
const options = z.array(optionSchema);

const HOUR = 60 * 60_000;

/** Spec 01 §7: loaded once. */
export function useCityOptions() {
  return useQuery({ queryKey: ['cities', 'options'], queryFn: () => apiCall(options, 'GET', '/api/cities/options'), staleTime: Infinity });
}

export function useTourCategoryOptions() {
  return useQuery({ queryKey: ['toursCategories', 'options'], queryFn: () => apiCall(options, 'GET', '/api/toursCategories/options'), staleTime: HOUR });
}

/**
 * A synced language list as options: kept in local storage, brought up to date from the last sync's date
 * (language-cache.ts), each named in the interface language as the tours list names it (the data's names are English).
 */
function useLanguageOptions(flavour: LanguageFlavour) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const named = useCallback(
    (languages: SyncedLanguage[]) => languages.map((l): Option => ({ value: l.id, label: languageDisplayName(l.code, l.name, locale) })).sort((a, b) => a.label.localeCompare(b.label, locale)),
    [locale],
  );
  return useQuery({
    queryKey: ['languages', 'sync', flavour],
    queryFn: ({ signal }) => syncLanguages(flavour, (date) => apiCall(languageSyncSchema, 'GET', languageSyncPath(flavour, date), undefined, { signal })),
    select: named,
    staleTime: 10 * 60_000,
  });
}

/**
 * Every language, offer languages or not: to name a language a tour's history recorded (one no longer offered
 * is still named), never to choose from. Deleted ones are not synced, and show as their id.
 */
export const useLanguageNames = () => useLanguageOptions('all');

/** Languages tours are run in (GET /api/languages/sync?isOffers=true); deleted ones dropped, sorted by name. */
export const useTourLanguageOptions = () => useLanguageOptions('offers');
