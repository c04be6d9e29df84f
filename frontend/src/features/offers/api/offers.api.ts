import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { fetchTour, tourKey } from '../../tours/api/tour.api';
import type { AccountSettings, Offer, OfferFields, OfferHistoryEntry, Option, SavedValidPeriod, TicketTypeView, ValidPeriodInput } from './offer.types';

export const offerKey = (id: number) => ['offers', 'manage', id] as const;
export const offerHistoryKey = (id: number) => ['offers', 'history', id] as const;
const ACCOUNT_SETTINGS_KEY = ['account', 'settings'] as const;
const CITY_OPTIONS_KEY = ['cities', 'options'] as const;
const TICKET_TYPES_KEY = ['tickets', 'types'] as const;

/**
 * The tour is read as the tour editor reads it (same cache entry, ?after= the last change this tab made), so a
 * period saved here shows in the tour's Tickets tab. Not silent: a 404 raises the server's notification ('Not
 * found' / 'Tour not found or you are not allowed to manage it'), and the page then leaves (spec 01 §8).
 */
export { fetchTour, tourKey };
export const fetchOffer = (id: number) => apiRequest<Offer>('GET', `/api/offers/manage/${id}`);

/** Silent: the page maps field errors and shows the 409 message itself. */
export function saveOffer(offer: OfferFields & { id: number; version: number | null }): Promise<Offer> {
  return apiRequest<Offer>(offer.id ? 'PUT' : 'POST', '/api/offers', offer, { silent: true });
}
export const deleteOffer = (id: number) => apiRequest<Offer>('DELETE', `/api/offers/${id}`);
export const restoreOffer = (id: number) => apiRequest<Offer>('POST', `/api/offers/${id}/restore`);
export const saveValidPeriod = (period: ValidPeriodInput) => apiRequest<SavedValidPeriod>('POST', '/api/validperiods', period, { silent: true });
export const fetchOfferHistory = (id: number) => apiRequest<OfferHistoryEntry[]>('GET', `/api/offers/${id}/history`);

export function useTour(id: number | null) {
  return useQuery({ queryKey: tourKey(id ?? 0), queryFn: ({ signal }) => fetchTour(id as number, signal), enabled: !!id, retry: false, refetchOnWindowFocus: false, staleTime: 30_000 });
}

export function useOffer(id: number | null) {
  // The form owns the data once loaded: no background refetch; a reload is explicit.
  return useQuery({ queryKey: offerKey(id ?? 0), queryFn: () => fetchOffer(id as number), enabled: !!id, retry: false, refetchOnWindowFocus: false, staleTime: Infinity });
}

export function useOfferHistory(id: number, enabled: boolean) {
  return useQuery({ queryKey: offerHistoryKey(id), queryFn: () => fetchOfferHistory(id), enabled: enabled && id > 0, retry: false, refetchOnWindowFocus: false });
}

export function useAccountSettings() {
  return useQuery({ queryKey: ACCOUNT_SETTINGS_KEY, queryFn: () => apiRequest<AccountSettings>('GET', '/api/account/settings'), staleTime: 0, refetchOnWindowFocus: false, retry: false });
}

export function useCityOptions() {
  // Spec 01 §7: loaded once.
  return useQuery({ queryKey: CITY_OPTIONS_KEY, queryFn: () => apiRequest<Option[]>('GET', '/api/cities/options'), staleTime: Infinity, select: (rows) => rows ?? [] });
}

export function useTicketTypes() {
  return useQuery({ queryKey: TICKET_TYPES_KEY, queryFn: () => apiRequest<TicketTypeView[]>('GET', '/api/tickets/types'), staleTime: 5 * 60_000, select: (rows) => rows ?? [] });
}
