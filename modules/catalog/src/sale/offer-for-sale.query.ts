import { recordedAs, type OfferStreamEvent, type TourEvent } from '@tbo/event-schemas';
import { fold, type EventStore } from '@tbo/kernel';
import { emptyOfferState, offerDecider, offerStream, type OfferDetails, type ValidPeriod } from '../offers/offer';
import { emptyTourState, tourDecider, tourStream } from '../tours/tour';

/** An offer as a booking sells it: what it is, its prices by period, and whose cancellation policy applies. */
export interface OfferForSale {
  offerId: number;
  supplierId: number;
  tourId: number;
  tourName: string;
  tourNameInternal: string;
  /** Deleted itself, or its tour deleted: sold no more. */
  isDeleted: boolean;
  details: OfferDetails;
  validPeriods: ValidPeriod[];
  /**
   * The policy in force: the offer's override, else the tour's own; 'supplier' when the tour follows the
   * supplier's default (the caller reads it from the supplier module), with `tiers` empty then.
   */
  cancellationPolicy: { source: 'offer' | 'tour' | 'supplier'; tiers: { hours: number; percents: number }[] };
  notesToClientsPostBooking: string;
}

/**
 * The offer and its tour folded from their streams: a booking's prices and policy are money and are decided
 * on what was last saved, never on a read table. Other modules ask this query; deciders and stream names
 * stay in the catalog. Null for an unknown offer.
 */
export async function offerForSale(store: EventStore, offerId: number): Promise<OfferForSale | null> {
  const offer = fold({ ...offerDecider, initialState: emptyOfferState(offerId) }, recordedAs<OfferStreamEvent>(await store.readStream(offerStream(offerId))));
  if (!offer.exists || !offer.details || offer.tourId === null || offer.supplierId === null) return null;
  const tour = fold({ ...tourDecider, initialState: emptyTourState(offer.tourId) }, recordedAs<TourEvent>(await store.readStream(tourStream(offer.tourId))));
  const terms = tour.terms;
  const policy: OfferForSale['cancellationPolicy'] = offer.policy?.isOverrideTourCancellationPolicy
    ? { source: 'offer', tiers: offer.policy.cancellationPolicy }
    : terms && !terms.isDefaultCancellationPolicy
      ? { source: 'tour', tiers: terms.cancellationPolicy }
      : { source: 'supplier', tiers: [] };
  return {
    offerId,
    supplierId: offer.supplierId,
    tourId: offer.tourId,
    tourName: tour.basic?.nameDisplay ?? offer.details.nameDisplay,
    tourNameInternal: tour.basic?.nameInternal ?? offer.details.nameInternal,
    isDeleted: offer.isDeleted || tour.isDeleted || !tour.exists,
    details: offer.details,
    validPeriods: offer.validPeriods,
    cancellationPolicy: policy,
    notesToClientsPostBooking: offer.details.notesToClientsPostBooking || terms?.notesToClientsPostBooking || '',
  };
}
