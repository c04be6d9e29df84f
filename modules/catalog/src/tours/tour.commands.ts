import { z } from 'zod';
import { boundedNumber, cancellationOptionInput, idNumber, idOrZero, PG_INT_MAX, type CommandContext } from '@tbo/kernel';
import { editedItemFields, flag, intId, text } from '../owned/form-input';
import type { TourFields } from './tour';

const rich = (label: string) => text(100_000, label);
const num = (label: string, min: number, max: number) => boundedNumber(label, min, max).nullish().transform((v) => v ?? null);
const optionalRef = (label: string) => idOrZero(label).nullish().transform((v) => v || null);
const list = <S extends z.ZodType>(item: S, max: number, label: string) =>
  z.array(item, { message: `${label} must be a list` }).max(max, `${label}: at most ${max}`).nullish().transform((v) => (v ?? []) as z.output<S>[]);
/** Minutes since midnight; a value that is not a time counts as 0 (the screen's 0:0). */
const minutes = z
  .number({ message: 'Stop time must be a number of minutes' })
  .nullish()
  .transform((v) => (v !== null && v !== undefined && Number.isInteger(v) && v >= 0 && v < 1440 ? v : 0));

const externalLink = z.object({ guid: text(64, 'guid'), id: intId('Link id'), title: text(500, 'Link title'), url: text(2000, 'Link Url') });
const direction = z.object({
  tourId: intId('tourId'),
  type: z.union([z.literal(0), z.literal(1), z.literal(2)], { message: 'Direction type must be 0 (By Car), 1 (By Bus) or 2 (By Metro)' }),
  description: rich('Direction'),
});
const faqItem = z.object({ tourId: intId('tourId'), index: intId('index'), question: text(2000, 'Question'), answer: rich('Answer') });
const stop = z.object({
  index: intId('index'),
  guid: text(64, 'guid'),
  itineraryId: intId('itineraryId'),
  name: text(500, 'Stop name'),
  description: rich('Stop description'),
  time: minutes,
  timeEnd: minutes,
  timeDescription: text(5, 'timeDescription'),
  timeEndDescription: text(5, 'timeEndDescription'),
  address: text(1000, 'Stop address'),
  lat: num('Stop latitude', -90, 90),
  lng: num('Stop longitude', -180, 180),
});
const itinerary = z.object({
  guid: text(64, 'guid'),
  id: intId('Itinerary id'),
  index: intId('index'),
  tourId: intId('tourId'),
  name: text(500, 'Itinerary name'),
  stops: list(stop, 200, 'Stops'),
});

/** The tour form as the edit screen sends it (the GET shape; id 0 for a new tour; offers are ignored). */
export const saveTourInput = z.object({
  ...editedItemFields,
  offers: z.array(z.unknown()).nullish(),
  nameInternal: text(200, 'Tour code'),
  nameDisplay: text(200, 'Tour display name'),
  url: text(300, 'Url'),
  languageId: intId('languageId'),
  isTopTour: flag('isTopTour'),
  toursCategories: list(idNumber('Tour category'), 100, 'Tour categories'),
  recommendedFor: list(z.number({ message: 'Recommended for must be 0 to 4' }).int().min(0, 'Recommended for must be 0 to 4').max(4, 'Recommended for must be 0 to 4'), 5, 'Recommended for'),
  shortDescription: rich('Short description'),
  salesDescription: rich('Sales description'),
  notesToAgents: rich('Notes to agents'),
  videoUrl: text(2000, 'Video url'),
  externalLinks: list(externalLink, 100, 'External links'),
  cityId: optionalRef('cityId'),
  locationTiming: text(2000, 'Timing'),
  locationAddress: text(1000, 'Address'),
  locationLatitude: num('Latitude', -90, 90),
  locationLongitude: num('Longitude', -180, 180),
  googlePlacesId: text(300, 'Place id'),
  googlePlacesRating: num('Rating', 0, 5),
  googlePlacesTotalRatings: num('Total ratings', 0, PG_INT_MAX),
  tripAdvisorId: text(100, 'TripAdvisor id'),
  tripAdvisorRating: num('Rating', 0, 5),
  tripAdvisorTotalRatings: num('Total ratings', 0, PG_INT_MAX),
  facebookPageId: text(300, 'Facebook page id'),
  directions: list(direction, 3, 'Directions'),
  termsAndConditions: rich('Terms and conditions'),
  faq: rich('FAQ'),
  faqs: list(faqItem, 200, 'FAQ items'),
  notesToClientsPostBooking: rich('Notes to clients post booking'),
  isDefaultTermsAndConditions: flag('isDefaultTermsAndConditions'),
  isDefaultFaq: flag('isDefaultFaq'),
  isDefaultNotesToClientsPostBooking: flag('isDefaultNotesToClientsPostBooking'),
  isDefaultCancellationPolicy: flag('isDefaultCancellationPolicy'),
  cancellationPolicy: list(cancellationOptionInput, 50, 'Cancellation policy'),
  photos: list(idNumber('Photo'), 500, 'Photos'),
  heroImageId: optionalRef('heroImageId'),
  tourItinerary: rich('Tour itinerary'),
  itineraries: list(itinerary, 50, 'Itineraries'),
  seo: rich('SEO'),
  seoPageTitle: text(500, 'SEO page title'),
  seoPageDescription: text(2000, 'SEO page description'),
});
export type SaveTourInput = z.output<typeof saveTourInput>;

export class SaveTourCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    readonly tour: TourFields,
    readonly context: CommandContext,
    readonly version?: number | null,
  ) {}
}

export class DeleteTourCommand {
  constructor(
    readonly supplierId: number,
    readonly id: number,
    readonly restore: boolean,
    readonly context: CommandContext,
  ) {}
}
