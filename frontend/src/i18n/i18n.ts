import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANG_KEY } from '../lib/auth-token';

/**
 * i18next with every locales/{lang}/{namespace}.json bundled (namespace = file name). The default namespace is
 * 'shell'. The interface language is kept in local storage under 'lang' (spec 01 §1): en by default, en and ru exist.
 */
export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];

const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });

export const resources: Resource = {};
for (const [path, mod] of Object.entries(files)) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, lang, ns] = match as unknown as [string, string, string];
  (resources[lang] ??= {})[ns] = mod.default;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const lang = localStorage.getItem(LANG_KEY);
    return isLanguage(lang) ? lang : 'en';
  } catch {
    return 'en';
  }
}

const initial = storedLanguage();

void i18n.use(initReactI18next).init({
  resources,
  lng: initial,
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  ns: Object.keys(resources.en ?? { shell: {} }),
  defaultNS: 'shell',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false },
});
document.documentElement.lang = initial;

/** Switches the interface language and remembers it in local storage. */
export function setLanguage(lang: Language): void {
  try {
    localStorage.setItem(LANG_KEY, lang);
  } catch {
    /* storage unavailable: the choice lasts for this page */
  }
  document.documentElement.lang = lang;
  void i18n.changeLanguage(lang);
}

export default i18n;
