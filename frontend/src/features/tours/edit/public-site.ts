/**
 * The public product site that shows tours at `<host><slug>` (spec 01 §2: "the public page address is shown as the
 * product host followed by the slug"). Set VITE_PUBLIC_SITE_URL at build time (e.g.
 * `VITE_PUBLIC_SITE_URL=https://tours.example.com/ npm run build:web`); without it the address below is shown.
 * A trailing slash is added when missing.
 */
const configured = (import.meta.env.VITE_PUBLIC_SITE_URL as string | undefined)?.trim();

export const PUBLIC_SITE_URL = withSlash(configured || 'https://www.desertroutes.example/');

function withSlash(url: string): string {
  return url.endsWith('/') ? url : `${url}/`;
}

/** The public page address of a tour slug. */
export function publicTourUrl(slug: string): string {
  return `${PUBLIC_SITE_URL}${slug.trim()}`;
}
