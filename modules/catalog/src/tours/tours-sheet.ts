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
