/**
 * Tour rules the server and the browser must apply identically (spec 01 §4, §5): the slug made from the display
 * name, and which links are accepted. Pure: the web client imports this file.
 */

/**
 * Cyrillic letters (lower case) in Latin, as Russian names are usually spelled in addresses (ж zh, х kh, ц ts,
 * щ shch, ю yu, я ya; ъ and ь silent), with the Ukrainian and Belarusian letters Russian lacks.
 */
const CYRILLIC_TO_LATIN: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', д: 'd', е: 'e', ё: 'e', ж: 'zh', з: 'z', и: 'i', й: 'y', к: 'k', л: 'l', м: 'm',
  н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ф: 'f', х: 'kh', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'shch',
  ъ: '', ы: 'y', ь: '', э: 'e', ю: 'yu', я: 'ya', і: 'i', ї: 'yi', є: 'ye', ґ: 'g', ў: 'u',
};

/** Cyrillic letters spelled in Latin; everything else as it is. Expects lower case. */
const transliterate = (text: string) => text.replace(/[\u0400-\u04ff]/g, (ch) => CYRILLIC_TO_LATIN[ch] ?? ch);

/**
 * A slug from a display name: lower case, latin letters and digits, words joined by dashes. Cyrillic is
 * transliterated first (a Russian name gives 'pustynnoe-safari', not an empty slug), then accents dropped.
 */
export function slugify(text: string): string {
  return transliterate(text.normalize('NFC').toLowerCase())
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 300);
}

/** An absolute http(s) address. */
export function isHttpUrl(url: string): boolean {
  try {
    const u = new URL(url.trim());
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}

const VIDEO_HOSTS = ['youtube.com', 'youtu.be', 'youtube-nocookie.com', 'vimeo.com', 'player.vimeo.com'];

/** YouTube or Vimeo only (spec 01 §5); empty means no video. */
export function isVideoUrlAllowed(url: string): boolean {
  const text = url.trim();
  if (!text) return true;
  if (!isHttpUrl(text)) return false;
  return VIDEO_HOSTS.includes(new URL(text).hostname.toLowerCase().replace(/^www\.|^m\./, ''));
}
