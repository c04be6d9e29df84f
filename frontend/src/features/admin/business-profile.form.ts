import { z } from 'zod';
import type { PolicyRow } from '../../ui/cancellation-policy/cancellation-policy.logic';
import { savablePolicyRows } from '../../ui/cancellation-policy/cancellation-policy.logic';
import type { BusinessProfile } from '../../app/supplier/business-profile';
import { serverFieldSegments } from '../../app/forms/server-errors';
import { cancellationPolicySchema } from '../../ui/cancellation-policy/policy-tier.schema';
import { isIbanOrBlank, isSwiftOrBlank } from '@tbo/supplier/src/profile/bank-codes.pure';
import { EMAIL_SHAPE } from '../../app/forms/email-shape';

/**
 * The admin settings form: one form for all tabs (nothing is lost when switching), mapped from and to the business
 * profile of the API (spec 02 §3). Text fields are never null in the form; an empty one goes back as the API gave it
 * (null stays null). Pure (no React): unit-testable.
 */
export const ADMIN_TABS = ['core', 'contacts', 'contracting', 'staff', 'activity', 'defaultsettings', 'pricing', 'ticketstock'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export function asAdminTab(value: string | undefined): AdminTab | null {
  const v = (value ?? '').toLowerCase();
  return (ADMIN_TABS as readonly string[]).includes(v) ? (v as AdminTab) : null;
}

export const CONTACT_SLOTS = ['primary', 'secondary', 'emergency'] as const;
export type ContactSlot = (typeof CONTACT_SLOTS)[number];

export interface PersonForm {
  name: string;
  phone: string;
  email: string;
}
export interface LineForm {
  phone: string;
  email: string;
}

export interface BusinessProfileForm {
  code: string;
  name: string;
  taxRegistrationNumber: string;
  tradeLicenseNumber: string;
  countryId: number | string | null;
  address: string;
  paymentDetails: { accountNumber: string; ibanNumber: string; swiftCode: string; bankName: string; bankBranchAddress: string };
  customerSupport: Record<ContactSlot, PersonForm>;
  operationsSupport: Record<ContactSlot, LineForm>;
  accountsDepartment: Record<ContactSlot, LineForm>;
  cancellationPolicy: PolicyRow[];
  defaultSettings: { termsAndConditions: string; faq: string; notesToClientPostBooking: string };
}


/**
 * The form's rules (spec 02 §5: 'Business code is required', 'Legal name is required'; an email, when given, must
 * look like one; a phone is free text of at most 50 characters, as the API takes it). `msg` translates the 'admin'
 * namespace's errors.* keys.
 */
export type SchemaMessage = 'errors.codeRequired' | 'errors.nameRequired' | 'errors.email' | 'errors.phone' | 'errors.iban' | 'errors.swift';

/** Longest texts the API takes (modules/supplier's input schema). */
export const MAX_LENGTH = {
  code: 50,
  name: 200,
  taxRegistrationNumber: 100,
  tradeLicenseNumber: 100,
  address: 1000,
  accountNumber: 100,
  ibanNumber: 100,
  swiftCode: 50,
  bankName: 200,
  bankBranchAddress: 500,
  contactName: 200,
  phone: 50,
  email: 254,
} as const;

export function buildBusinessProfileSchema(msg: (key: SchemaMessage) => string) {
  const text = z.string();
  // The spec sets no phone format and the API keeps free text ('ext. 12', 'WhatsApp only'): only its length, so a
  // phone saved through the API never blocks a later save here.
  const phone = z.string().refine((v) => v.trim().length <= MAX_LENGTH.phone, msg('errors.phone'));
  const email = z
    .string()
    .trim()
    .refine((v) => v === '' || EMAIL_SHAPE.test(v), msg('errors.email'));
  const person = z.object({ name: text, phone, email });
  const line = z.object({ phone, email });
  const slots = <T extends z.ZodTypeAny>(s: T) => z.object({ primary: s, secondary: s, emergency: s });
  return z.object({
  code: z.string().trim().min(1, msg('errors.codeRequired')),
  name: z.string().trim().min(1, msg('errors.nameRequired')),
  taxRegistrationNumber: text,
  tradeLicenseNumber: text,
  countryId: z.union([z.number(), z.string()]).nullable(),
  address: text,
  paymentDetails: z.object({
    accountNumber: text,
    ibanNumber: text.refine(isIbanOrBlank, msg('errors.iban')),
    swiftCode: text.refine(isSwiftOrBlank, msg('errors.swift')),
    bankName: text,
    bankBranchAddress: text,
  }),
  customerSupport: slots(person),
  operationsSupport: slots(line),
  accountsDepartment: slots(line),
  cancellationPolicy: cancellationPolicySchema,
  defaultSettings: z.object({ termsAndConditions: text, faq: text, notesToClientPostBooking: text }),
  });
}

const s = (v: string | null | undefined) => v ?? '';

export function toForm(p: BusinessProfile): BusinessProfileForm {
  const person = (c: { name?: string | null; phone?: string | null; email?: string | null } | null | undefined): PersonForm => ({ name: s(c?.name), phone: s(c?.phone), email: s(c?.email) });
  const line = (c: { phone?: string | null; email?: string | null } | null | undefined): LineForm => ({ phone: s(c?.phone), email: s(c?.email) });
  return {
    code: s(p.code),
    name: s(p.name),
    taxRegistrationNumber: s(p.taxRegistrationNumber),
    tradeLicenseNumber: s(p.tradeLicenseNumber),
    countryId: p.countryId ?? null,
    address: s(p.address),
    paymentDetails: {
      accountNumber: s(p.paymentDetails?.accountNumber),
      ibanNumber: s(p.paymentDetails?.ibanNumber),
      swiftCode: s(p.paymentDetails?.swiftCode),
      bankName: s(p.paymentDetails?.bankName),
      bankBranchAddress: s(p.paymentDetails?.bankBranchAddress),
    },
    customerSupport: { primary: person(p.customerSupport?.primary), secondary: person(p.customerSupport?.secondary), emergency: person(p.customerSupport?.emergency) },
    operationsSupport: { primary: line(p.operationsSupport?.primary), secondary: line(p.operationsSupport?.secondary), emergency: line(p.operationsSupport?.emergency) },
    accountsDepartment: { primary: line(p.accountsDepartment?.primary), secondary: line(p.accountsDepartment?.secondary), emergency: line(p.accountsDepartment?.emergency) },
    cancellationPolicy: (p.cancellationPolicy ?? []).map((r) => ({ hours: r.hours, percents: r.percents })),
    defaultSettings: {
      termsAndConditions: s(p.defaultSettings?.termsAndConditions),
      faq: s(p.defaultSettings?.faq),
      notesToClientPostBooking: s(p.defaultSettings?.notesToClientPostBooking),
    },
  };
}

/**
 * The profile to PUT: the form's values over the loaded profile (its version, isAcknowledged and anything the form
 * does not show). Text is trimmed; an empty text is sent as the loaded profile had it (null stays null, else '').
 * Only savable policy rows are sent (spec 01 §5).
 */
export function toProfile(form: BusinessProfileForm, base: BusinessProfile): BusinessProfile {
  const merge = (value: unknown, original: unknown): unknown => {
    if (typeof value === 'string') {
      const v = value.trim();
      return v === '' && (original === null || original === undefined) ? null : v;
    }
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const o = original && typeof original === 'object' ? (original as Record<string, unknown>) : {};
      const out: Record<string, unknown> = { ...o };
      for (const [k, v] of Object.entries(value)) out[k] = merge(v, o[k]);
      return out;
    }
    return value;
  };
  const { cancellationPolicy, countryId, ...rest } = form;
  const merged = merge(rest, base) as BusinessProfile;
  const country = typeof countryId === 'string' && /^\d+$/.test(countryId) ? Number(countryId) : countryId;
  return { ...merged, countryId: (country as number | null) ?? null, cancellationPolicy: savablePolicyRows(cancellationPolicy), version: base.version, isAcknowledged: base.isAcknowledged };
}

/** Which tab shows a form path (to open the tab of the first error). */
export function tabOfPath(path: string): AdminTab {
  const root = path.split(/[.[]/)[0] ?? '';
  if (root === 'customerSupport' || root === 'operationsSupport' || root === 'accountsDepartment') return 'contacts';
  if (root === 'defaultSettings' || root === 'cancellationPolicy') return 'defaultsettings';
  return 'core';
}

/**
 * A server field key ('Code', 'paymentDetails.IbanNumber', 'customerSupport.primary.email',
 * 'cancellationPolicy[1].hours') as a form path, or null when the form has no such field. Policy rows map to the
 * policy as a whole (its rows carry no fields of their own in the form).
 */
export function formPathOfServerField(key: string, form: BusinessProfileForm): string | null {
  const segments = serverFieldSegments(key);
  if (segments[0] === 'cancellationPolicy') return 'cancellationPolicy';
  let node: unknown = form;
  for (const seg of segments) {
    if (!node || typeof node !== 'object' || !(seg in (node as object))) return null;
    node = (node as Record<string, unknown>)[seg];
  }
  return segments.length && (typeof node === 'string' || typeof node === 'number' || node === null) ? segments.join('.') : null;
}

