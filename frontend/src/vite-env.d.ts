/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Leaflet tile URL template of the maps (unset: OpenStreetMap; empty: no tiles). */
  readonly VITE_MAP_TILE_URL?: string;
  /** HTML attribution of the tile server. */
  readonly VITE_MAP_TILE_ATTRIBUTION?: string;
}
