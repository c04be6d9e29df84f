import type { Knex } from 'knex';
import type { ExcelColumn, SheetLanguage } from '@tbo/kernel';

/** tours.xlsx's words; the Russian ones follow the tours list on a Russian screen. */
export const TOURS_SHEET_WORDS = {
  en: { title: 'Tours', id: 'Id', nameInternal: 'Internal name', nameDisplay: 'Display name', language: 'Language', offers: 'Offers', top: 'Top tour', deleted: 'Deleted', yes: 'Yes', no: 'No' },
  ru: { title: 'Туры', id: '№', nameInternal: 'Код тура', nameDisplay: 'Название', language: 'Язык', offers: 'Предложения', top: 'Топ-тур', deleted: 'Удалён', yes: 'Да', no: 'Нет' },
} satisfies Record<SheetLanguage, Record<string, string>>;

export const toursSheetColumns = (w: (typeof TOURS_SHEET_WORDS)['en']): ExcelColumn[] => [
  { header: w.id, width: 10 },
  { header: w.nameInternal, width: 30 },
  { header: w.nameDisplay, width: 40 },
  { header: w.language, width: 16 },
  { header: w.offers, width: 40 },
  { header: w.top, width: 12 },
  { header: w.deleted, width: 12 },
];

/**
 * A tour's language as the sheet names it: the reference data's (English) name, or in Russian the standard name of
 * its ISO code ('Английский'), as the tours list on a Russian screen says it; a code Intl does not know keeps the name.
 */
export async function languageNamesIn(db: Knex, lang: SheetLanguage, tours: readonly { languageId: number | null; languageName: string }[]): Promise<(t: { languageId: number | null; languageName: string }) => string> {
  if (lang === 'en') return (t) => t.languageName;
  const ids = [...new Set(tours.map((t) => t.languageId).filter((id): id is number => id !== null))];
  const codes = new Map<number, string>((await db('languages').whereIn('id', ids).select<{ id: number; code: string }[]>('id', 'code')).map((l) => [l.id, l.code]));
  const names = new Intl.DisplayNames(['ru'], { type: 'language', fallback: 'none' });
  return (t) => {
    const code = t.languageId === null ? undefined : codes.get(t.languageId);
    let name: string | undefined;
    try {
      name = code ? names.of(code) : undefined;
    } catch {
      name = undefined; // not a well-formed code
    }
    return name ? name.charAt(0).toLocaleUpperCase('ru') + name.slice(1) : t.languageName;
  };
}
