import type { CancellationOption, TourFields } from '../../../app/catalog/tour.types';

/** The fields the 'use defaults' toggles govern. */
type DefaultedFields = Pick<
  TourFields,
  | 'termsAndConditions'
  | 'faq'
  | 'notesToClientsPostBooking'
  | 'cancellationPolicy'
  | 'isDefaultTermsAndConditions'
  | 'isDefaultFaq'
  | 'isDefaultNotesToClientsPostBooking'
  | 'isDefaultCancellationPolicy'
>;

/** The account's default content (the business profile's default settings and cancellation policy; spec 01 §4). */
export interface AccountDefaults {
  termsAndConditions: string;
  faq: string;
  notesToClientsPostBooking: string;
  cancellationPolicy: CancellationOption[];
}

export const NO_DEFAULTS: AccountDefaults = { termsAndConditions: '', faq: '', notesToClientsPostBooking: '', cancellationPolicy: [] };

/** An empty editor document counts as no content. */
export function hasContent(html: string | null | undefined): boolean {
  return (html ?? '')
    .replace(/<br\s*\/?>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .trim() !== '';
}

export type DefaultKind = 'terms' | 'faq' | 'notes' | 'policy';

export function hasDefault(defaults: AccountDefaults, kind: DefaultKind): boolean {
  switch (kind) {
    case 'terms':
      return hasContent(defaults.termsAndConditions);
    case 'faq':
      return hasContent(defaults.faq);
    case 'notes':
      return hasContent(defaults.notesToClientsPostBooking);
    case 'policy':
      return defaults.cancellationPolicy.length > 0;
  }
}

/**
 * The form with the 'use defaults' toggles applied (spec 01 §4): a toggle is forced off when the account has no
 * default content of that kind; a toggle that is on shows the account's content.
 */
export function applyDefaults<F extends DefaultedFields>(form: F, defaults: AccountDefaults): F {
  const next = { ...form };
  if (next.isDefaultTermsAndConditions) {
    if (hasDefault(defaults, 'terms')) next.termsAndConditions = defaults.termsAndConditions;
    else next.isDefaultTermsAndConditions = false;
  }
  if (next.isDefaultFaq) {
    if (hasDefault(defaults, 'faq')) next.faq = defaults.faq;
    else next.isDefaultFaq = false;
  }
  if (next.isDefaultNotesToClientsPostBooking) {
    if (hasDefault(defaults, 'notes')) next.notesToClientsPostBooking = defaults.notesToClientsPostBooking;
    else next.isDefaultNotesToClientsPostBooking = false;
  }
  if (next.isDefaultCancellationPolicy) {
    if (hasDefault(defaults, 'policy')) next.cancellationPolicy = defaults.cancellationPolicy.map((r) => ({ ...r }));
    else next.isDefaultCancellationPolicy = false;
  }
  return next;
}

/** The business profile's part that holds the defaults (app/supplier/business-profile). */
export interface ProfileDefaults {
  defaultSettings?: { termsAndConditions?: string | null; faq?: string | null; notesToClientPostBooking?: string | null } | null;
  cancellationPolicy?: CancellationOption[] | null;
}

/** The account's defaults from its business profile; without a profile there are none. */
export function accountDefaultsOf(profile: ProfileDefaults | null | undefined): AccountDefaults {
  if (!profile) return NO_DEFAULTS;
  return {
    termsAndConditions: profile.defaultSettings?.termsAndConditions ?? '',
    faq: profile.defaultSettings?.faq ?? '',
    notesToClientsPostBooking: profile.defaultSettings?.notesToClientPostBooking ?? '',
    cancellationPolicy: (profile.cancellationPolicy ?? []).map((r) => ({ hours: r.hours, percents: r.percents })),
  };
}
