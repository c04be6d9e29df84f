import { z } from 'zod';
import type { CommandContext } from '@tbo/kernel';
import type { TourFields } from './tour';

/** Optional text: null, undefined become ''. Rules on required text live in the decider (spec 01 §5 messages). */
const text = (max: number, label: string) =>
  z
    .string({ message: `${label} must be text` })
    .max(max, `${label} is at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
const rich = (label: string) => text(100_000, label);
const num = (label: string) => z.number({ message: `${label} must be a number` }).nullish().transform((v) => v ?? null);
const intId = (label: string) => z.number({ message: `${label} must be a number` }).int().min(0).nullish().transform((v) => v ?? 0);
const optionalRef = (label: string) => z.number({ message: `${label} must be a number` }).int().min(0).nullish().transform((v) => v || null);
const flag = (label: string) => z.boolean({ message: `${label} must be true or false` }).nullish().transform((v) => v ?? false);
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
  lat: num('lat'),
  lng: num('lng'),
});
const itinerary = z.object({
  guid: text(64, 'guid'),
  id: intId('Itinerary id'),
  index: intId('index'),
  tourId: intId('tourId'),
  name: text(500, 'Itinerary name'),
  stops: list(stop, 200, 'Stops'),
});
const cancellationOption = z.object({
  hours: z.number({ message: 'Cancellation policy: hours must be a number' }),
  percents: z.number({ message: 'Cancellation policy: refund percent must be a number' }),
});

/** The tour form as the edit screen sends it (the GET shape; id 0 for a new tour; offers are ignored). */
export const saveTourInput = z.object({
  id: intId('id'),
  version: z.number().int().min(0).nullish(),
  position: z.string().nullish(),
  isDeleted: z.boolean().nullish(),
  offers: z.array(z.unknown()).nullish(),
  nameInternal: text(200, 'Tour code'),
  nameDisplay: text(200, 'Tour display name'),
  url: text(300, 'Url'),
  languageId: intId('languageId'),
  isTopTour: flag('isTopTour'),
  toursCategories: list(z.number({ message: 'Tour category must be a number' }).int().positive('Tour category must be a number'), 100, 'Tour categories'),
  recommendedFor: list(z.number({ message: 'Recommended for must be 0 to 4' }).int().min(0, 'Recommended for must be 0 to 4').max(4, 'Recommended for must be 0 to 4'), 5, 'Recommended for'),
  shortDescription: rich('Short description'),
  salesDescription: rich('Sales description'),
  notesToAgents: rich('Notes to agents'),
  videoUrl: text(2000, 'Video url'),
  externalLinks: list(externalLink, 100, 'External links'),
  cityId: optionalRef('cityId'),
  locationTiming: text(2000, 'Timing'),
  locationAddress: text(1000, 'Address'),
  locationLatitude: num('Latitude'),
  locationLongitude: num('Longitude'),
  googlePlacesId: text(300, 'Place id'),
  googlePlacesRating: num('Rating'),
  googlePlacesTotalRatings: num('Total ratings'),
  tripAdvisorId: text(100, 'TripAdvisor id'),
  tripAdvisorRating: num('Rating'),
  tripAdvisorTotalRatings: num('Total ratings'),
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
  cancellationPolicy: list(cancellationOption, 50, 'Cancellation policy'),
  photos: list(z.number({ message: 'Photo must be a number' }).int().positive(), 500, 'Photos'),
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
