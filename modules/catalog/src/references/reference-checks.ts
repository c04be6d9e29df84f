import { Inject, Injectable } from '@nestjs/common';
import type { Knex } from 'knex';
import { existingReferenceIds, findLanguage, findSupplierProfile, supplierPhotoIds } from '@tbo/read-models';
import { EVENT_STORE, KNEX, ValidationError, type EventStore } from '@tbo/kernel';
import { timeSlotOwnership } from '@tbo/scheduling';
import { OFFER_MESSAGES, TICKET_TYPE_FIELDS, type OfferFields } from '../offers/offer';
import { TOUR_MESSAGES, type DefaultsAvailable, type TourFields } from '../tours/tour';

export type FieldProblems = Record<string, string[]>;

/** Field errors of both lists, in order (a field in both keeps every message once). */
export function mergeProblems(a: FieldProblems, b: FieldProblems): FieldProblems {
  const out: FieldProblems = { ...a };
  for (const [field, messages] of Object.entries(b)) out[field] = [...new Set([...(out[field] ?? []), ...messages])];
  return out;
}

/**
 * References that do not exist (read models) are refused together with the decider's own rules, all at once,
 * so that the client sees every problem of the form in one answer. The title is the first problem, or the one
 * `titleOf` picks.
 */
export function refuseMissing(missing: FieldProblems, ownRules: () => FieldProblems, titleOf?: (problems: FieldProblems) => string | undefined): void {
  if (!Object.keys(missing).length) return;
  const problems = mergeProblems(ownRules(), missing);
  throw new ValidationError(titleOf?.(problems) ?? Object.values(problems)[0]![0]!, problems);
}

/**
 * A hero image that is not among the photos is added to them (at the end, as the photo selector
 * does when a hero is picked): the hero is always one of the photos, and the client never has to
 * send it twice.
 */
export function withHeroInPhotos<T extends { photos: number[]; heroImageId: number | null }>(t: T): T {
  return t.heroImageId && !t.photos.includes(t.heroImageId) ? { ...t, photos: [...t.photos, t.heroImageId] } : t;
}

/**
 * What a save refers to must exist: checked here, on the server, against the read models (the
 * deciders stay pure). Reference data (cities, tour categories) is platform-wide; photos must be
 * the caller's supplier's own (a photo deleted from the library after it was chosen stays
 * acceptable, so a tour or offer that still shows it can be saved).
 */
@Injectable()
export class CatalogReferenceChecks {
  constructor(
    @Inject(KNEX) private readonly db: Knex,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  private async photoProblems(supplierId: number, photos: number[], heroImageId: number | null, messages: { photo: string; heroImage: string }): Promise<FieldProblems> {
    const problems: FieldProblems = {};
    const wanted = [...new Set([...photos, ...(heroImageId ? [heroImageId] : [])])];
    const own = await supplierPhotoIds(this.db, supplierId, wanted);
    if (photos.some((id) => id !== heroImageId && !own.has(id))) problems.photos = [messages.photo];
    if (heroImageId && !own.has(heroImageId)) problems.heroImageId = [messages.heroImage];
    return problems;
  }

  /**
   * Which default content the supplier's business profile has (rich text with more than markup, a
   * policy with rows): a tour's 'use defaults' toggle for a kind the account lacks is forced off.
   */
  async defaultsAvailable(supplierId: number): Promise<DefaultsAvailable> {
    const profile = await findSupplierProfile(this.db, supplierId);
    const text = (key: string) => String(profile?.defaultSettings?.[key] ?? '').replace(/<[^>]*>|&nbsp;|\s/g, '') !== '';
    return {
      termsAndConditions: text('termsAndConditions'),
      faq: text('faq'),
      notesToClientsPostBooking: text('notesToClientPostBooking'),
      cancellationPolicy: (profile?.cancellationPolicy?.cancellationPolicy?.length ?? 0) > 0,
    };
  }

  /** Language (exists, not deleted), city, tour categories, photos and hero image of a tour. */
  async tourProblems(supplierId: number, tour: TourFields): Promise<FieldProblems> {
    const [language, cities, categories, photos] = await Promise.all([
      tour.languageId > 0 ? findLanguage(this.db, tour.languageId) : Promise.resolve(null),
      tour.cityId ? existingReferenceIds(this.db, 'cities', [tour.cityId]) : Promise.resolve(null),
      existingReferenceIds(this.db, 'tour_categories', tour.toursCategories),
      this.photoProblems(supplierId, tour.photos, tour.heroImageId, TOUR_MESSAGES),
    ]);
    const problems: FieldProblems = {};
    // A missing or deleted language reads as no language chosen (spec 01 §5).
    if (tour.languageId > 0 && (!language || language.isDeleted)) problems.languageId = [TOUR_MESSAGES.language];
    if (cities && tour.cityId && !cities.has(tour.cityId)) problems.cityId = [TOUR_MESSAGES.city];
    if (tour.toursCategories.some((id) => !categories.has(id))) problems.toursCategories = [TOUR_MESSAGES.category];
    return { ...problems, ...photos };
  }

  /**
   * Origin cities, ticket types (platform-wide reference data, on their category's field), photos and hero image of
   * an offer, and its time slots (the supplier's own, asked of scheduling).
   */
  async offerProblems(supplierId: number, offer: OfferFields): Promise<FieldProblems> {
    const chosen = offer.ticketsTypes.filter((t) => t.ticketTypeId > 0);
    const [cities, ticketTypes, photos, slots] = await Promise.all([
      existingReferenceIds(this.db, 'cities', offer.origin),
      existingReferenceIds(this.db, 'ticket_types', chosen.map((t) => t.ticketTypeId)),
      this.photoProblems(supplierId, offer.photos, offer.heroImageId, OFFER_MESSAGES),
      timeSlotOwnership(this.db, supplierId, { timeSlotIds: offer.timeSlots }, this.store),
    ]);
    const problems: FieldProblems = {};
    if (offer.origin.some((id) => !cities.has(id))) problems.origin = [OFFER_MESSAGES.origin];
    for (const t of chosen) if (!ticketTypes.has(t.ticketTypeId)) problems[TICKET_TYPE_FIELDS[t.type] ?? 'ticketsTypes'] = [OFFER_MESSAGES.ticketType];
    if (!slots.owned) problems.timeSlots = [OFFER_MESSAGES.timeSlots];
    return { ...problems, ...photos };
  }
}
