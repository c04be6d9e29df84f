import helmet from 'helmet';
import type { RequestHandler } from 'express';

const OSM_TILES = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The origin of the map tile server, from the same VITE_MAP_TILE_URL the client was built with
 * (unset: OpenStreetMap; empty: no tiles). A `{s}` subdomain template allows every subdomain.
 */
export function tileOrigin(template = process.env.VITE_MAP_TILE_URL ?? OSM_TILES): string | null {
  const url = template.trim();
  if (!url) return null;
  try {
    const parsed = new URL(url.replace(/\{s\}/g, 'a').replace(/\{[^}]+\}/g, '0'));
    const host = url.includes('{s}.') ? `*.${parsed.host.split('.').slice(1).join('.')}` : parsed.host;
    return `${parsed.protocol}//${host}`;
  } catch {
    return null;
  }
}

/** helmet's defaults, with map tiles (location picker, route preview) allowed as images. */
export function contentSecurity(): RequestHandler {
  const tiles = tileOrigin();
  return helmet({
    contentSecurityPolicy: {
      directives: { 'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])] },
    },
  });
}
