import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** One namespace's strings in one language, as the JSON file holds them. */
export type LocaleFile = Record<string, unknown>;

const LOCALES = join(__dirname, '..', 'i18n', 'locales');

/** The namespace's file in that language (`loadLocale('en', 'timeslots')`). */
export function loadLocale(lang: string, ns: string): LocaleFile {
  return JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as LocaleFile;
}

/** Every leaf key of a file, dotted ('list.columns.name'). */
export function localeKeys(value: unknown, prefix = ''): string[] {
  if (!value || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => localeKeys(v, prefix ? `${prefix}.${k}` : k));
}

/** A plural form's key without its suffix: ru has more forms than en, so they are compared by this. */
export const pluralBase = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

/** The value at a dotted key, or undefined where the file has none. */
export const localeText = (file: LocaleFile, key: string): unknown => key.split('.').reduce<unknown>((o, p) => (o as LocaleFile | undefined)?.[p], file);

/**
 * Checks that en and ru carry the same keys and none is empty; with `byPluralBase` the plural forms are compared by
 * their base key (ru has one, few, many, other where en has one, other). Answers both files for further checks.
 */
export function expectSameKeysNoneEmpty(ns: string, { byPluralBase = false } = {}): { en: LocaleFile; ru: LocaleFile } {
  const en = loadLocale('en', ns);
  const ru = loadLocale('ru', ns);
  const compared = (file: LocaleFile) => (byPluralBase ? [...new Set(localeKeys(file).map(pluralBase))] : localeKeys(file)).sort();
  expect(compared(ru)).toEqual(compared(en));
  for (const file of [en, ru]) for (const k of localeKeys(file)) expect(localeText(file, k)).not.toBe('');
  return { en, ru };
}
