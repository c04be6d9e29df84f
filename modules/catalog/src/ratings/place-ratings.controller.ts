import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { z } from 'zod';
import { Roles, zodPipe } from '@tbo/kernel';
import { GOOGLE_PLACE_RATINGS, TRIPADVISOR_RATINGS, type PlaceRating, type PlaceRatingsProvider } from './place-ratings.port';

export const googlePlaceRatingsQuery = z.object({
  placeId: z
    .string({ error: 'placeId is required' })
    .trim()
    .min(1, 'placeId is required')
    .max(300, 'placeId is too long')
    .regex(/^[A-Za-z0-9_-]+$/, 'placeId may contain only letters, digits, - and _'),
});
export const tripAdvisorRatingQuery = z.object({
  locationId: z
    .string({ error: 'locationId is required' })
    .trim()
    .min(1, 'locationId is required')
    .max(20, 'locationId is too long')
    .regex(/^\d+$/, 'locationId must be digits only'),
});

/** Ratings looked up while editing a tour (spec 01 §5 "Place ids", §7). */
@ApiTags('tours')
@Controller('api/tours')
export class PlaceRatingsController {
  constructor(
    @Inject(GOOGLE_PLACE_RATINGS) private readonly google: PlaceRatingsProvider,
    @Inject(TRIPADVISOR_RATINGS) private readonly tripAdvisor: PlaceRatingsProvider,
  ) {}

  @Get('GooglePlaceRatings')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'Google Places rating and number of ratings for a place id' })
  googlePlaceRatings(@Query(zodPipe(googlePlaceRatingsQuery)) q: z.infer<typeof googlePlaceRatingsQuery>): Promise<PlaceRating> {
    return this.google.ratingFor(q.placeId);
  }

  @Get('TripAdvisorLocationRating')
  @Roles('admin', 'editor')
  @ApiOperation({ summary: 'TripAdvisor rating and number of reviews for a location id (Code 404: no such location)' })
  tripAdvisorLocationRating(@Query(zodPipe(tripAdvisorRatingQuery)) q: z.infer<typeof tripAdvisorRatingQuery>): Promise<PlaceRating> {
    return this.tripAdvisor.ratingFor(q.locationId);
  }
}
