/** A place's rating on a review service (spec 01 §7): answered as Content {rating, ratingsCount}. */
export interface PlaceRating {
  rating: number | null;
  ratingsCount: number;
}

/**
 * Port for a rating service (Google Places, TripAdvisor). Adapters throw AppErrors whose title
 * the browser shows as "Couldn't get rating for place id: {error title}":
 * not configured (503), not found (404), unavailable / timed out (503).
 */
export interface PlaceRatingsProvider {
  ratingFor(id: string): Promise<PlaceRating>;
}

export const GOOGLE_PLACE_RATINGS = Symbol('GOOGLE_PLACE_RATINGS');
export const TRIPADVISOR_RATINGS = Symbol('TRIPADVISOR_RATINGS');
