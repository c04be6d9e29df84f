import { apiCall } from '../../../lib/api-client';
import { offerSchema, type Offer } from './get-offer';

/** DELETE /api/offers/{id} and POST /api/offers/{id}/restore both answer the offer as it now is. */
export const deleteOffer = (id: number): Promise<Offer> => apiCall(offerSchema, 'DELETE', `/api/offers/${id}`);
export const restoreOffer = (id: number): Promise<Offer> => apiCall(offerSchema, 'POST', `/api/offers/${id}/restore`);
