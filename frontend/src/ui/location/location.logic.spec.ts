import { MAP_DEFAULT_CENTER, MAP_DEFAULT_ZOOM, MAP_HEIGHT, MAP_SELECTED_ZOOM, normalizePoint, OSM_ATTRIBUTION, OSM_TILE_URL, parseCoordinate, resolveTileConfig, routePoints } from './location.logic';

describe('map constants (spec 01 §9)', () => {
  it('centres near Dubai at zoom 12, 400 px high, zoom 18 for a chosen point', () => {
    expect(MAP_DEFAULT_CENTER).toEqual({ lat: 25.19, lng: 55.28 });
    expect(MAP_DEFAULT_ZOOM).toBe(12);
    expect(MAP_HEIGHT).toBe(400);
    expect(MAP_SELECTED_ZOOM).toBe(18);
  });
});

describe('parseCoordinate', () => {
  it('reads numbers, a decimal comma and empty text', () => {
    expect(parseCoordinate('25.1972', 'lat')).toEqual({ value: 25.1972, error: null, incomplete: false });
    expect(parseCoordinate(' -33,5 ', 'lat').value).toBe(-33.5);
    expect(parseCoordinate('55.', 'lng').value).toBe(55);
    expect(parseCoordinate('.5', 'lng').value).toBe(0.5);
    expect(parseCoordinate('-0', 'lng').value).toBe(0);
    expect(parseCoordinate('', 'lat')).toEqual({ value: null, error: null, incomplete: false });
  });
  it('checks the range of each axis, bounds included', () => {
    expect(parseCoordinate('90', 'lat').value).toBe(90);
    expect(parseCoordinate('-90', 'lat').value).toBe(-90);
    expect(parseCoordinate('90.0001', 'lat').error).toBe('range');
    expect(parseCoordinate('-95', 'lat').error).toBe('range');
    expect(parseCoordinate('95', 'lng').value).toBe(95);
    expect(parseCoordinate('180', 'lng').value).toBe(180);
    expect(parseCoordinate('-180.5', 'lng').error).toBe('range');
  });
  it('refuses text that is not a number, and waits on a lone sign or point', () => {
    expect(parseCoordinate('abc', 'lat').error).toBe('number');
    expect(parseCoordinate('25.1.2', 'lat').error).toBe('number');
    expect(parseCoordinate('1e3', 'lat').error).toBe('number');
    expect(parseCoordinate('-', 'lat')).toEqual({ value: null, error: null, incomplete: true });
    expect(parseCoordinate('.', 'lng').incomplete).toBe(true);
  });
});

describe('normalizePoint', () => {
  it('rounds to 6 decimals, clamps latitude and wraps longitude', () => {
    expect(normalizePoint(25.19723456789, 55.2744444449)).toEqual({ lat: 25.197235, lng: 55.274444 });
    expect(normalizePoint(91, 10)).toEqual({ lat: 90, lng: 10 });
    expect(normalizePoint(0, 190)).toEqual({ lat: 0, lng: -170 });
    expect(normalizePoint(0, -190)).toEqual({ lat: 0, lng: 170 });
    expect(normalizePoint(0, 180)).toEqual({ lat: 0, lng: 180 });
  });
});

describe('resolveTileConfig', () => {
  it('uses OpenStreetMap when unset', () => {
    expect(resolveTileConfig({})).toEqual({ url: OSM_TILE_URL, attribution: OSM_ATTRIBUTION });
  });
  it('has no tile layer when set empty', () => {
    expect(resolveTileConfig({ VITE_MAP_TILE_URL: '' })).toEqual({ url: null, attribution: '' });
    expect(resolveTileConfig({ VITE_MAP_TILE_URL: '  ' }).url).toBeNull();
  });
  it('takes another server and its attribution', () => {
    expect(resolveTileConfig({ VITE_MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png', VITE_MAP_TILE_ATTRIBUTION: '© Example' })).toEqual({
      url: 'https://tiles.example/{z}/{x}/{y}.png',
      attribution: '© Example',
    });
    expect(resolveTileConfig({ VITE_MAP_TILE_URL: 'https://tiles.example/{z}/{x}/{y}.png' }).attribution).toBe('');
  });
});

describe('routePoints', () => {
  const stop = (index: number, name: string, lat: number | null, lng: number | null) => ({ index, name, lat, lng });
  it('keeps the stops with a point, in order, numbered by their index', () => {
    expect(routePoints([stop(1, 'A', 25.1, 55.1), stop(2, 'B', null, null), stop(3, 'C', 25.3, null), stop(4, 'D', 25.4, 55.4)])).toEqual([
      { number: 1, name: 'A', lat: 25.1, lng: 55.1 },
      { number: 4, name: 'D', lat: 25.4, lng: 55.4 },
    ]);
  });
  it('numbers by position when indexes are missing and skips impossible points', () => {
    expect(routePoints([stop(0, 'A', 0, 0), stop(0, 'B', 95, 10)])).toEqual([{ number: 1, name: 'A', lat: 0, lng: 0 }]);
    expect(routePoints([])).toEqual([]);
  });
});
