import { z } from 'zod';
import { isHttpUrl, isVideoUrlAllowed } from '@tbo/catalog/src/tours/tour-rules.pure';
import type { ExternalLink } from '../../../app/catalog/tour.types';
import { tourDefaultsFields } from '../../../app/catalog/tour.schema';

/** The tour form's validation (spec 01 §5), with the server's messages (TOUR_MESSAGES) in the interface language. */

/** Message keys of the 'tour-edit' namespace (errors.*); the English texts are the server's (TOUR_MESSAGES). */
export type TourMessageKey =
  | 'errors.code'
  | 'errors.displayName'
  | 'errors.url'
  | 'errors.language'
  | 'errors.categories'
  | 'errors.linkTitle'
  | 'errors.linkUrl'
  | 'errors.linkUrlInvalid'
  | 'errors.links'
  | 'errors.video'
  | 'errors.itineraryName'
  | 'errors.stopName';

const text = z.string();
const nullableNumber = z.number().nullable();

export function buildTourSchema(msg: (key: TourMessageKey) => string) {
  const link = z.object({ guid: text, id: z.number(), title: text, url: text });
  const stop = z.object({
    index: z.number(),
    guid: text,
    itineraryId: z.number(),
    name: text,
    description: text,
    time: z.number(),
    timeEnd: z.number(),
    timeDescription: text,
    timeEndDescription: text,
    address: text,
    lat: nullableNumber,
    lng: nullableNumber,
  });
  const itinerary = z.object({ guid: text, id: z.number(), index: z.number(), tourId: z.number(), name: text, stops: z.array(stop) });
  return z
    .object({
      nameInternal: text.refine((v) => v.trim() !== '', msg('errors.code')),
      nameDisplay: text.refine((v) => v.trim() !== '', msg('errors.displayName')),
      url: text.refine((v) => v.trim() !== '', msg('errors.url')),
      languageId: z.number().nullable().refine((v) => v !== null && v > 0, msg('errors.language')),
      isTopTour: z.boolean(),
      toursCategories: z.array(z.number()).min(1, msg('errors.categories')),
      recommendedFor: z.array(z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)])),
      shortDescription: text,
      salesDescription: text,
      notesToAgents: text,
      videoUrl: text.refine(isVideoUrlAllowed, msg('errors.video')),
      externalLinks: z.array(link),
      cityId: z.number().nullable(),
      locationTiming: text,
      locationAddress: text,
      locationLatitude: nullableNumber,
      locationLongitude: nullableNumber,
      googlePlacesId: text,
      googlePlacesRating: nullableNumber,
      googlePlacesTotalRatings: nullableNumber,
      tripAdvisorId: text,
      tripAdvisorRating: nullableNumber,
      tripAdvisorTotalRatings: nullableNumber,
      facebookPageId: text,
      directions: z.array(z.object({ type: z.union([z.literal(0), z.literal(1), z.literal(2)]), description: text })),
      termsAndConditions: text,
      faq: text,
      faqs: z.array(z.object({ tourId: z.number(), index: z.number(), question: text, answer: text })),
      notesToClientsPostBooking: text,
      ...tourDefaultsFields,
      heroImageId: z.number().nullable(),
      tourItinerary: text,
      itineraries: z.array(itinerary),
      seo: text,
      seoPageTitle: text,
      seoPageDescription: text,
    })
    .superRefine((form, ctx) => {
      form.externalLinks.forEach((l, i) => {
        if (!l.title.trim()) ctx.addIssue({ code: 'custom', path: ['externalLinks', i, 'title'], message: msg('errors.linkTitle') });
        if (!l.url.trim()) ctx.addIssue({ code: 'custom', path: ['externalLinks', i, 'url'], message: msg('errors.linkUrl') });
        else if (!isHttpUrl(l.url)) ctx.addIssue({ code: 'custom', path: ['externalLinks', i, 'url'], message: msg('errors.linkUrlInvalid') });
      });
      form.itineraries.forEach((it, i) => {
        if (!it.name.trim()) ctx.addIssue({ code: 'custom', path: ['itineraries', i, 'name'], message: msg('errors.itineraryName') });
        it.stops.forEach((s, j) => {
          if (!s.name.trim()) ctx.addIssue({ code: 'custom', path: ['itineraries', i, 'stops', j, 'name'], message: msg('errors.stopName') });
        });
      });
    });
}

/** Whether the external links block a save (spec 01 §5: 'All external links should have specified Title and valid Url'). */
export function externalLinksInvalid(links: readonly Pick<ExternalLink, 'title' | 'url'>[]): boolean {
  return links.some((l) => !l.title.trim() || !l.url.trim() || !isHttpUrl(l.url));
}
