import { resolveTileConfig, type TileConfig } from './location.logic';

/**
 * The map tile server, set at build time: VITE_MAP_TILE_URL (a Leaflet URL template; unset means OpenStreetMap's
 * standard tiles, empty means no tile layer) and VITE_MAP_TILE_ATTRIBUTION (HTML shown in the corner).
 */
export const MAP_TILES: TileConfig = resolveTileConfig({
  VITE_MAP_TILE_URL: import.meta.env.VITE_MAP_TILE_URL,
  VITE_MAP_TILE_ATTRIBUTION: import.meta.env.VITE_MAP_TILE_ATTRIBUTION,
});
