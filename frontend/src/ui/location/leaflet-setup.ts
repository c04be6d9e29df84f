import 'leaflet/dist/leaflet.css';
import * as L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png';
import iconUrl from 'leaflet/dist/images/marker-icon.png';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png';
import { MAP_TILES } from './map-config';

/**
 * Leaflet for Vite: the default marker finds its images through a CSS url it rewrites by name, which breaks once
 * the bundler renames (or inlines) the files. The images are imported here and set on the default icon instead.
 */
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconRetinaUrl, iconUrl, shadowUrl });

export const markerIcon = new L.Icon.Default({ iconRetinaUrl, iconUrl, shadowUrl });

/** Adds the configured tile layer (none when VITE_MAP_TILE_URL is empty); `onError` runs once when a tile fails. */
export function addTiles(map: L.Map, onError: () => void): void {
  if (!MAP_TILES.url) return;
  const layer = L.tileLayer(MAP_TILES.url, { attribution: MAP_TILES.attribution, maxZoom: 19, crossOrigin: false });
  let reported = false;
  layer.on('tileerror', () => {
    if (reported) return;
    reported = true;
    onError();
  });
  layer.addTo(map);
}

/** The wheel zooms the map only while it has the focus, so scrolling a page or popup over a map scrolls on. */
export function wheelZoomOnFocus(map: L.Map): void {
  map.scrollWheelZoom.disable();
  map.on('focus', () => map.scrollWheelZoom.enable());
  map.on('blur', () => map.scrollWheelZoom.disable());
}

/** Keeps Leaflet's idea of its size right when the container is resized or shown (tabs, popups, collapsed parts). */
export function followSize(map: L.Map, el: HTMLElement, after?: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  let last = `${el.clientWidth}x${el.clientHeight}`;
  const ro = new ResizeObserver(() => {
    const now = `${el.clientWidth}x${el.clientHeight}`;
    if (now === last) return;
    last = now;
    if (el.clientWidth === 0 || el.clientHeight === 0) return;
    map.invalidateSize({ pan: false });
    after?.();
  });
  ro.observe(el);
  return () => ro.disconnect();
}

export { L };
