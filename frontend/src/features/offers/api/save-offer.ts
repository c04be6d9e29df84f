import { apiCall } from '../../../lib/api-client';
import { offerSchema, type Offer, type OfferFields } from './get-offer';

/** POST (new, id 0) or PUT /api/offers answers the saved offer with its version and position. Silent: the page
 * places field errors and shows the 409 message itself. */
export function saveOffer(offer: OfferFields & { id: number; version: number | null }): Promise<Offer> {
  return apiCall(offerSchema, offer.id ? 'PUT' : 'POST', '/api/offers', offer, { silent: true });
}
