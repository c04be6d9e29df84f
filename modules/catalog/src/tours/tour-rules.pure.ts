/**
 * Tour rules the server and the browser must apply identically (spec 01 §4, §5): the slug made from the display
 * name, and which links are accepted. Pure: the web client imports this file.
 */

/** A slug from a display name: lower case, latin letters and digits, words joined by dashes. */
export function slugify(text: string): string {
  return text
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
