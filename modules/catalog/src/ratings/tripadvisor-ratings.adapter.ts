import { Injectable } from '@nestjs/common';
import type { PlaceRating, PlaceRatingsProvider } from './place-ratings.port';
import { tripAdvisorConfig } from './ratings.config';
import { fetchJson, PlaceNotFoundError, RatingServiceNotConfiguredError, RatingServiceUnavailableError, toCount, toRating } from './rating-errors';

const SERVICE = 'TripAdvisor';

/**
 * Content API "location details": GET {base}/api/v1/location/{locationId}/details?key=…&language=en
 * answers rating and num_reviews (as strings). HTTP 404, or 400 with an error about the id, means
 * the location does not exist (envelope Code 404, spec 01 §7).
 */
@Injectable()
export class TripAdvisorRatingsAdapter implements PlaceRatingsProvider {
  async ratingFor(locationId: string): Promise<PlaceRating> {
    const cfg = tripAdvisorConfig();
    if (!cfg.apiKey) throw new RatingServiceNotConfiguredError('TripAdvisor service is not configured', SERVICE);
    const q = new URLSearchParams({ key: cfg.apiKey, language: 'en' });
    const url = `${cfg.baseUrl}/api/v1/location/${encodeURIComponent(locationId)}/details?${q}`;
    const { status, body } = await fetchJson(SERVICE, url, cfg.timeoutMs);
    if (status === 404) throw new PlaceNotFoundError('Location not found', `No TripAdvisor location with id ${locationId}`);
    const b = (body ?? {}) as { rating?: unknown; num_reviews?: unknown; error?: unknown };
    if (status !== 200 || b.error) throw new RatingServiceUnavailableError(SERVICE, `HTTP ${status}`);
    return { rating: toRating(b.rating), ratingsCount: toCount(b.num_reviews) };
  }
}
