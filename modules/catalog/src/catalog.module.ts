import { Module } from '@nestjs/common';
import { GooglePlaceRatingsAdapter } from './ratings/google-place-ratings.adapter';
import { PlaceRatingsController } from './ratings/place-ratings.controller';
import { GOOGLE_PLACE_RATINGS, TRIPADVISOR_RATINGS } from './ratings/place-ratings.port';
import { TripAdvisorRatingsAdapter } from './ratings/tripadvisor-ratings.adapter';
import { DeleteTourHandler, SaveTourHandler } from './tours/save-tour.handler';
import { ToursController } from './tours/tours.controller';
import { OffersController } from './offers/offers.controller';
import { DeleteOfferHandler, SaveOfferHandler, SaveValidPeriodHandler } from './offers/save-offer.handler';
import { ValidPeriodsController } from './valid-periods/valid-periods.controller';
import { CatalogReferenceChecks } from './references/reference-checks';
import { SearchController } from './search/search.controller';

/** Tours, offers and their valid periods (priced with the shared price model), and place ratings. */
@Module({
  controllers: [PlaceRatingsController, ToursController, OffersController, ValidPeriodsController, SearchController],
  providers: [
    { provide: GOOGLE_PLACE_RATINGS, useClass: GooglePlaceRatingsAdapter },
    { provide: TRIPADVISOR_RATINGS, useClass: TripAdvisorRatingsAdapter },
    CatalogReferenceChecks,
    SaveTourHandler,
    DeleteTourHandler,
    SaveOfferHandler,
    DeleteOfferHandler,
    SaveValidPeriodHandler,
  ],
  exports: [GOOGLE_PLACE_RATINGS, TRIPADVISOR_RATINGS],
})
export class CatalogModule {}
