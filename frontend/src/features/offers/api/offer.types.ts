/** The history entry type for features/offers/history, which still imports it from here; defined with its call. */
export type { OfferHistoryEntry } from './list-offer-history';
