/**
 * Pure parts of the map picker and the route preview (spec 01 §2 Location details, §9 map constants): the map's
 * defaults, reading typed coordinates, the tile server setting and the stops that can be drawn.
 */

/** Default centre near Dubai (spec 01 §9). */
export const MAP_DEFAULT_CENTER = { lat: 25.19, lng: 55.28 } as const;
export const MAP_DEFAULT_ZOOM = 12;
/** Zoom for a point chosen by typing or selection (spec 01 §9). */
export const MAP_SELECTED_ZOOM = 18;
export const MAP_HEIGHT = 400;
/** The route preview never zooms in further than this when fitting its stops. */
export const ROUTE_FIT_MAX_ZOOM = 16;
/** Decimals kept for a point set on the map (about 10 cm). */
export const COORDINATE_DECIMALS = 6;

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';

export type Axis = 'lat' | 'lng';
export const COORDINATE_LIMIT: Record<Axis, number> = { lat: 90, lng: 180 };

export interface MapPoint {
  lat: number | null;
  lng: number | null;
}

export type CoordinateError = 'range' | 'number';

/** What a coordinate text means: a number (null for empty or a half-typed '-'), or why it is refused. */
export interface ParsedCoordinate {
  value: number | null;
  error: CoordinateError | null;
  /** True for text that is on its way to a number ('-', '.', '-.'): neither a value nor an error yet. */
  incomplete: boolean;
}

/** Reads a typed latitude or longitude: a decimal comma is taken as a point; out of range is an error. */
export function parseCoordinate(text: string, axis: Axis): ParsedCoordinate {
  const s = text.trim().replace(',', '.');
  if (s === '') return { value: null, error: null, incomplete: false };
  if (/^[-+]?\.?$/.test(s)) return { value: null, error: null, incomplete: true };
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(s)) return { value: null, error: 'number', incomplete: false };
  const n = Number(s);
  if (!Number.isFinite(n)) return { value: null, error: 'number', incomplete: false };
  if (Math.abs(n) > COORDINATE_LIMIT[axis]) return { value: null, error: 'range', incomplete: false };
  return { value: n === 0 ? 0 : n, error: null, incomplete: false };
}

export function roundCoordinate(n: number): number {
  const f = 10 ** COORDINATE_DECIMALS;
  const r = Math.round(n * f) / f;
  return r === 0 ? 0 : r;
}

/** A point picked on the map: rounded, latitude clamped, longitude wrapped into −180..180. */
export function normalizePoint(lat: number, lng: number): { lat: number; lng: number } {
  const la = Math.max(-90, Math.min(90, lat));
  const ln = ((((lng + 180) % 360) + 360) % 360) - 180;
  return { lat: roundCoordinate(la), lng: roundCoordinate(ln === -180 && lng > 0 ? 180 : ln) };
}

export const hasPoint = (p: MapPoint): p is { lat: number; lng: number } =>
  typeof p.lat === 'number' && typeof p.lng === 'number' && Number.isFinite(p.lat) && Number.isFinite(p.lng);

export const formatCoordinate = (n: number | null): string => (n === null || n === undefined ? '' : String(n));

export interface TileConfig {
  /** Null: no tile layer (the map still shows its markers). */
  url: string | null;
  attribution: string;
}

/** The tile server from the build's settings: unset means OpenStreetMap, empty means none. */
export function resolveTileConfig(env: { VITE_MAP_TILE_URL?: string; VITE_MAP_TILE_ATTRIBUTION?: string }): TileConfig {
  const raw = env.VITE_MAP_TILE_URL;
  if (raw === undefined || raw === null) return { url: OSM_TILE_URL, attribution: env.VITE_MAP_TILE_ATTRIBUTION ?? OSM_ATTRIBUTION };
  const url = String(raw).trim();
  if (url === '') return { url: null, attribution: '' };
  const attribution = env.VITE_MAP_TILE_ATTRIBUTION ?? (url === OSM_TILE_URL ? OSM_ATTRIBUTION : '');
  return { url, attribution };
}

export interface RoutePoint {
  /** The stop's number in its itinerary (its index, or its position when the index is missing). */
  number: number;
  name: string;
  lat: number;
  lng: number;
}

/** The stops that have a point, in stop order, numbered as the list numbers them. */
export function routePoints(stops: readonly { index: number; name: string; lat: number | null; lng: number | null }[]): RoutePoint[] {
  const out: RoutePoint[] = [];
  stops.forEach((s, i) => {
    if (!hasPoint(s)) return;
    if (Math.abs(s.lat) > 90 || Math.abs(s.lng) > 180) return;
    out.push({ number: s.index > 0 ? s.index : i + 1, name: s.name, lat: s.lat, lng: s.lng });
  });
  return out;
}
