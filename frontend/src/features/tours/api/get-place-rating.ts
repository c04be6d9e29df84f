import { z } from 'zod';
import { ApiError, apiCall } from '../../../lib/api-client';

/** A place's rating as the look-ups answer it (either figure may be missing). */
export const placeRatingSchema = z
  .object({ rating: z.number().nullish(), ratingsCount: z.number().nullish() })
  .nullable()
  .transform((r) => ({ rating: r?.rating ?? null, ratingsCount: r?.ratingsCount ?? null }));
export type PlaceRating = z.output<typeof placeRatingSchema>;

/** The outcome of a rating look-up: the rating, or the error title for the field error (spec 01 §5, §8). */
export type RatingLookup = { ok: true; rating: PlaceRating } | { ok: false; errorTitle: string };

async function lookUp(path: string): Promise<RatingLookup> {
  try {
    return { ok: true, rating: await apiCall(placeRatingSchema, 'GET', path, undefined, { silent: true }) };
  } catch (err) {
    return { ok: false, errorTitle: err instanceof ApiError ? err.title : err instanceof Error ? err.message : String(err) };
  }
}

/** GET /api/tours/GooglePlaceRatings?placeId=. */
export function lookUpGooglePlace(placeId: string): Promise<RatingLookup> {
  return lookUp(`/api/tours/GooglePlaceRatings?placeId=${encodeURIComponent(placeId)}`);
}

/** GET /api/tours/TripAdvisorLocationRating?locationId=. */
export function lookUpTripAdvisorLocation(locationId: string): Promise<RatingLookup> {
  return lookUp(`/api/tours/TripAdvisorLocationRating?locationId=${encodeURIComponent(locationId)}`);
}
