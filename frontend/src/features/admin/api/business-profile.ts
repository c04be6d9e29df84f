import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { PolicyRow } from '../../../ui/cancellation-policy';

/** The business profile as GET /api/suppliers/my answers it and PUT /api/suppliers takes it (spec 02 §3, §7). */
export interface ContactPerson {
  name: string | null;
  phone: string | null;
  email: string | null;
}
export interface ContactLine {
  phone: string | null;
  email: string | null;
}
export interface ContactGroup<T> {
  primary: T | null;
  secondary: T | null;
  emergency: T | null;
}
export interface PaymentDetails {
  accountNumber: string | null;
  ibanNumber: string | null;
  swiftCode: string | null;
  bankName: string | null;
  bankBranchAddress: string | null;
}
export interface DefaultSettings {
  termsAndConditions: string | null;
  faq: string | null;
  notesToClientPostBooking: string | null;
}
export interface BusinessProfile {
  code: string | null;
  name: string | null;
  taxRegistrationNumber: string | null;
  tradeLicenseNumber: string | null;
  countryId: number | null;
  address: string | null;
  paymentDetails: PaymentDetails | null;
  customerSupport: ContactGroup<ContactPerson> | null;
  operationsSupport: ContactGroup<ContactLine> | null;
  accountsDepartment: ContactGroup<ContactLine> | null;
  isAcknowledged: boolean;
  cancellationPolicy: PolicyRow[] | null;
  defaultSettings: DefaultSettings | null;
  /** The stream version the profile was read at; null while it was never saved. PUT sends it back (409 if stale). */
  version: number | null;
  /** A save's answer carries its event position (the API accepts it back and ignores it). */
  position?: string | null;
}

export interface CountryOption {
  value: number | string;
  label: string;
}

export const PROFILE_KEY = ['suppliers', 'my'] as const;
export const COUNTRIES_KEY = ['countries', 'options'] as const;

/**
 * The read side catches up with a save a moment later. The position of this tab's last save is kept in session
 * storage, so a read right after (even after F5) asks the API to wait for it (?after=) and shows what was saved.
 */
const AFTER_KEY = 'tbo.supplierProfile.after';

function lastSavePosition(): string | null {
  try {
    return sessionStorage.getItem(AFTER_KEY);
  } catch {
    return null;
  }
}

function rememberSavePosition(position: string | null | undefined): void {
  try {
    if (position) sessionStorage.setItem(AFTER_KEY, position);
  } catch {
    /* storage unavailable: reads just do not wait */
  }
}

export async function fetchBusinessProfile(): Promise<BusinessProfile> {
  const after = lastSavePosition();
  const profile = await apiRequest<BusinessProfile>('GET', after ? `/api/suppliers/my?after=${encodeURIComponent(after)}` : '/api/suppliers/my', undefined, { silent: true });
  return profile;
}

/** Silent: the page shows field errors and the 409 'reload' message itself. */
export async function saveBusinessProfile(profile: BusinessProfile): Promise<BusinessProfile> {
  const saved = await apiRequest<BusinessProfile>('PUT', '/api/suppliers', profile, { silent: true });
  rememberSavePosition(saved?.position);
  return saved;
}

export function fetchCountryOptions(): Promise<CountryOption[]> {
  return apiRequest<CountryOption[]>('GET', '/api/countries/options');
}

export function useBusinessProfile() {
  // No background refetch: the form owns the data once loaded; a reload is explicit.
  return useQuery({ queryKey: PROFILE_KEY, queryFn: fetchBusinessProfile, staleTime: Infinity, refetchOnWindowFocus: false, retry: false });
}

export function useCountryOptions() {
  return useQuery({ queryKey: COUNTRIES_KEY, queryFn: fetchCountryOptions, staleTime: 60 * 60_000, select: (rows) => rows ?? [] });
}

export function useSaveBusinessProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessProfile,
    onSuccess: (saved) => client.setQueryData(PROFILE_KEY, saved),
  });
}
