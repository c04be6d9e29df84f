/**
 * The header search's answer (GET /api/search?q=): the signed-in supplier's tours and tickets (offers) whose
 * internal code or display name holds the text. Pure: the web client types its answer schema with these shapes.
 */
export interface CatalogSearchTour {
  id: number;
  nameInternal: string;
  nameDisplay: string;
}

export interface CatalogSearchOffer {
  id: number;
  tourId: number;
  nameInternal: string;
  nameDisplay: string;
  /** The tour's internal name, so two tickets named alike can be told apart. */
  tourNameInternal: string;
}

export interface CatalogSearchResult {
  tours: CatalogSearchTour[];
  offers: CatalogSearchOffer[];
}

/** At most this many tours and this many tickets: a header drop-down, not a list page. */
export const CATALOG_SEARCH_LIMIT = 10;

/** Longest search text the API takes. */
export const CATALOG_SEARCH_MAX_LENGTH = 100;
