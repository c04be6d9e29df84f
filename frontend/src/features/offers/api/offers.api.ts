/**
 * The offer history screen (features/offers/history, being moved to the shared history table) still reads its
 * calls from here; every call itself lives in its own <verb-noun>.ts file.
 */
export { offerHistoryKey, useOfferHistory } from './list-offer-history';
