/**
 * Names of languages and countries in the interface language, from their ISO codes (Intl.DisplayNames): the
 * reference data carries English names only. English keeps the data's own name (it may be more specific than
 * the standard one); a code Intl does not know keeps it too.
 */
export function languageDisplayName(code: string | null | undefined, fallback: string, locale: string): string {
  return displayName('language', code, locale) ?? fallback;
}

export function countryDisplayName(code: string | null | undefined, fallback: string, locale: string): string {
  return displayName('region', code, locale) ?? fallback;
}

function displayName(type: 'language' | 'region', code: string | null | undefined, locale: string): string | undefined {
  if (!code || locale.toLowerCase().startsWith('en')) return undefined;
  try {
    const name = new Intl.DisplayNames([locale], { type, fallback: 'none' }).of(code);
    // Russian language names are lower case ('английский'); a list item starts with a capital.
    return name ? name.charAt(0).toLocaleUpperCase(locale) + name.slice(1) : undefined;
  } catch {
    return undefined; // not a well-formed code
  }
}
