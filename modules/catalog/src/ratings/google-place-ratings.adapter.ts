import { Injectable } from '@nestjs/common';
import type { PlaceRating, PlaceRatingsProvider } from './place-ratings.port';
import { googlePlacesConfig } from './ratings.config';
import { fetchJson, PlaceNotFoundError, RatingServiceNotConfiguredError, RatingServiceUnavailableError, toCount, toRating } from './rating-errors';

const SERVICE = 'Google Places';

/**
 * Places API "place details" (legacy JSON endpoint), asking only for rating and user_ratings_total:
 * GET {base}/maps/api/place/details/json?place_id=…&fields=rating,user_ratings_total&key=…
 * Google answers HTTP 200 with a `status`: OK; NOT_FOUND / INVALID_REQUEST (unknown or malformed
 * id) mean the place is not there; anything else (REQUEST_DENIED, OVER_QUERY_LIMIT, …) is a failure.
 */
@Injectable()
export class GooglePlaceRatingsAdapter implements PlaceRatingsProvider {
  async ratingFor(placeId: string): Promise<PlaceRating> {
    const cfg = googlePlacesConfig();
    if (!cfg.apiKey) throw new RatingServiceNotConfiguredError('Maps service is not configured', SERVICE);
    const q = new URLSearchParams({ place_id: placeId, fields: 'rating,user_ratings_total', key: cfg.apiKey });
    const { status, body } = await fetchJson(SERVICE, `${cfg.baseUrl}/maps/api/place/details/json?${q}`, cfg.timeoutMs);
    const b = (body ?? {}) as { status?: string; result?: { rating?: unknown; user_ratings_total?: unknown } };
    if (status === 404 || b.status === 'NOT_FOUND' || b.status === 'INVALID_REQUEST') {
      throw new PlaceNotFoundError('Place not found', `No place with id ${placeId}`);
    }
    if (status !== 200 || b.status !== 'OK' || !b.result) {
      throw new RatingServiceUnavailableError(SERVICE, b.status ? `status ${b.status}` : `HTTP ${status}`);
    }
    return { rating: toRating(b.result.rating), ratingsCount: toCount(b.result.user_ratings_total) };
  }
}
