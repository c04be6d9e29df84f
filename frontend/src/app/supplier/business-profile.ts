import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../lib/api-client';
import type { PolicyRow } from '../../ui/cancellation-policy';
import { cancellationPolicySchema } from '../../ui/cancellation-policy/policy-tier.schema';

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
  /** ISO 3166-1 alpha-2, when the API sends it: the name is then shown in the interface language. */
  code?: string;
}

const text = z.string().nullable();
const group = <T extends z.ZodType>(line: T) => z.object({ primary: line.nullable(), secondary: line.nullable(), emergency: line.nullable() }).nullable();
const contactLine = z.object({ phone: text, email: text });

/** The answer of GET /api/suppliers/my and PUT /api/suppliers, checked against the shape above. */
const businessProfile = z.object({
  code: text,
  name: text,
  taxRegistrationNumber: text,
  tradeLicenseNumber: text,
  countryId: z.number().nullable(),
  address: text,
  paymentDetails: z.object({ accountNumber: text, ibanNumber: text, swiftCode: text, bankName: text, bankBranchAddress: text }).nullable(),
  customerSupport: group(z.object({ name: text, phone: text, email: text })),
  operationsSupport: group(contactLine),
  accountsDepartment: group(contactLine),
  isAcknowledged: z.boolean(),
  cancellationPolicy: cancellationPolicySchema.nullable(),
  defaultSettings: z.object({ termsAndConditions: text, faq: text, notesToClientPostBooking: text }).nullable(),
  version: z.number().nullable(),
  position: z.string().nullish(),
}) satisfies z.ZodType<BusinessProfile>;

const countryOptions = z.array(z.object({ value: z.number(), label: z.string(), code: z.string().optional() })) satisfies z.ZodType<CountryOption[]>;

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
  return apiCall(businessProfile, 'GET', after ? `/api/suppliers/my?after=${encodeURIComponent(after)}` : '/api/suppliers/my', undefined, { silent: true });
}

/** Silent: the page shows field errors and the 409 'reload' message itself. */
export async function saveBusinessProfile(profile: BusinessProfile): Promise<BusinessProfile> {
  const saved = await apiCall(businessProfile, 'PUT', '/api/suppliers', profile, { silent: true });
  rememberSavePosition(saved.position);
  return saved;
}

export function fetchCountryOptions(): Promise<CountryOption[]> {
  return apiCall(countryOptions, 'GET', '/api/countries/options');
}

export function useBusinessProfile() {
  // No background refetch: the form owns the data once loaded; a reload is explicit.
  return useQuery({ queryKey: PROFILE_KEY, queryFn: fetchBusinessProfile, staleTime: Infinity, refetchOnWindowFocus: false, retry: false });
}

export function useCountryOptions() {
  return useQuery({ queryKey: COUNTRIES_KEY, queryFn: fetchCountryOptions, staleTime: 60 * 60_000 });
}

export function useSaveBusinessProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBusinessProfile,
    onSuccess: (saved) => client.setQueryData(PROFILE_KEY, saved),
  });
}
