export { CatalogModule } from './catalog.module';
export * from './pricing/price-model.pure';
export { tripAdvisorIdFromUrl } from './ratings/tripadvisor-id.pure';
export { GOOGLE_PLACE_RATINGS, TRIPADVISOR_RATINGS, type PlaceRating, type PlaceRatingsProvider } from './ratings/place-ratings.port';
export { googlePlacesConfig, tripAdvisorConfig, type RatingServiceConfig } from './ratings/ratings.config';
export { tourDecider, tourStream, TOUR_MESSAGES, TOUR_NOT_FOUND, type Tour, type TourFields } from './tours/tour';
export { offerDecider, offerStream, OFFER_MESSAGES, OFFER_NOT_FOUND, type Offer, type OfferFields, type ValidPeriod } from './offers/offer';
