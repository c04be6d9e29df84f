export { CatalogModule } from './catalog.module';
export * from './pricing/price-model.pure';
export { tripAdvisorIdFromUrl } from './ratings/tripadvisor-id.pure';
export { GOOGLE_PLACE_RATINGS, TRIPADVISOR_RATINGS, type PlaceRating, type PlaceRatingsProvider } from './ratings/place-ratings.port';
export { googlePlacesConfig, tripAdvisorConfig, type RatingServiceConfig } from './ratings/ratings.config';
export { blankTourFields, tourDecider, tourStream, TOUR_MESSAGES, TOUR_NOT_FOUND, type Tour, type TourFields } from './tours/tour';
export { SaveTourCommand, DeleteTourCommand } from './tours/tour.commands';
export { blankOfferFields, offerDecider, offerStream, OFFER_MESSAGES, OFFER_NOT_FOUND, type Offer, type OfferFields, type ValidPeriod, type ValidPeriodInput } from './offers/offer';
export { SaveOfferCommand, DeleteOfferCommand, SaveValidPeriodCommand } from './offers/offer.commands';
