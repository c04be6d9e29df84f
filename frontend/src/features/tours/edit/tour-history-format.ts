import { historyFormat, namesOf, type HistoryNames, type HistoryWords } from '../../../ui/history/history-values';
import { plainText } from '../../../ui/history/plain-text';

/** The lists that turn the tour history's ids into names (the reference lists and the photo library's titles). */
export type TourHistoryNames = HistoryNames<'languages' | 'cities' | 'categories' | 'photos'>;

/** The tour history's value formatter: ids as names, the fixed lists by their labels, directions by their type. */
export function tourHistoryFormat(words: HistoryWords, names: TourHistoryNames) {
  const list = (fn: (v: unknown) => string) => (v: unknown) => (Array.isArray(v) ? v.map(fn).filter(Boolean).join(', ') : undefined);
  return historyFormat(words, {
    languageId: (v) => namesOf(names.languages, words, v),
    cityId: (v) => namesOf(names.cities, words, v),
    toursCategories: (v) => namesOf(names.categories, words, v),
    photos: (v) => namesOf(names.photos, words, v),
    heroImageId: (v) => namesOf(names.photos, words, v),
    recommendedFor: list((r) => names.label(`recommendedFor.${String(r)}`)),
    directions: list((d) => {
      const { type, description } = (d ?? {}) as { type?: number; description?: string };
      const text = plainText(description ?? '');
      return text ? `${names.label(`directionTypes.${String(type)}`)}: ${text}` : '';
    }),
  });
}
