import { Inject, Query } from '@nestjs/common';
import { z } from 'zod';
import { ApiController, GetRoute, zodPipe } from '@tbo/kernel';
import { GOOGLE_PLACE_RATINGS, TRIPADVISOR_RATINGS, type PlaceRating, type PlaceRatingsProvider } from './place-ratings.port';

/** A provider's id of a place: required, at most `max` characters, of the characters the provider uses. */
const placeIdParam = (name: string, max: number, chars: RegExp, charsMessage: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(max, `${name} is too long`)
    .regex(chars, charsMessage);

export const googlePlaceRatingsQuery = z.object({ placeId: placeIdParam('placeId', 300, /^[A-Za-z0-9_-]+$/, 'placeId may contain only letters, digits, - and _') });
export const tripAdvisorRatingQuery = z.object({ locationId: placeIdParam('locationId', 20, /^\d+$/, 'locationId must be digits only') });

/** Ratings looked up while editing a tour (spec 01 §5 "Place ids", §7). */
@ApiController('tours', 'api/tours')
export class PlaceRatingsController {
  constructor(
    @Inject(GOOGLE_PLACE_RATINGS) private readonly google: PlaceRatingsProvider,
    @Inject(TRIPADVISOR_RATINGS) private readonly tripAdvisor: PlaceRatingsProvider,
  ) {}

  @GetRoute('GooglePlaceRatings', ['admin', 'editor'], 'Google Places rating and number of ratings for a place id')
  googlePlaceRatings(@Query(zodPipe(googlePlaceRatingsQuery)) q: z.infer<typeof googlePlaceRatingsQuery>): Promise<PlaceRating> {
    return this.google.ratingFor(q.placeId);
  }

  @GetRoute('TripAdvisorLocationRating', ['admin', 'editor'], 'TripAdvisor rating and number of reviews for a location id (Code 404: no such location)')
  tripAdvisorLocationRating(@Query(zodPipe(tripAdvisorRatingQuery)) q: z.infer<typeof tripAdvisorRatingQuery>): Promise<PlaceRating> {
    return this.tripAdvisor.ratingFor(q.locationId);
  }
}
