import { isDeepStrictEqual } from 'node:util';
import type {
  SupplierCancellationPolicyData,
  SupplierContactsData,
  SupplierCoreDetailsData,
  SupplierDefaultSettingsData,
  SupplierProfileEvent,
} from '@tbo/event-schemas';
import { normalizeCancellationPolicy, ValidationError, type Decider } from '@tbo/kernel';

type Section<T> = Omit<T, 'supplierId'>;
export type CoreDetails = Section<SupplierCoreDetailsData>;
export type Contacts = Section<SupplierContactsData>;
export type DefaultSettings = Section<SupplierDefaultSettingsData>;
export type CancellationOption = SupplierCancellationPolicyData['cancellationPolicy'][number];

/** The whole business profile as the API answers it (spec 02 §3 Business profile), without version. */
export interface SupplierProfile extends CoreDetails, Contacts {
  cancellationPolicy: CancellationOption[];
  defaultSettings: DefaultSettings;
}

export interface SupplierProfileState {
  supplierId: number;
  core: CoreDetails | null;
  contacts: Contacts | null;
  defaultSettings: DefaultSettings | null;
  cancellationPolicy: CancellationOption[] | null;
}

/** Save the whole profile (the admin tabs all send it); rich text is already sanitised. */
export interface SaveSupplierProfile {
  supplierId: number;
  profile: SupplierProfile;
}

/** Key order does not count: stored events come back from jsonb with their keys reordered. */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a, b);

export const emptyProfileState = (supplierId: number): SupplierProfileState => ({
  supplierId,
  core: null,
  contacts: null,
  defaultSettings: null,
  cancellationPolicy: null,
});

/**
 * A supplier's business profile, one event per section that changed, so the history says
 * whether the bank details, the contacts, the default texts or the cancellation policy changed.
 */
export const supplierProfileDecider: Decider<SaveSupplierProfile, SupplierProfileEvent, SupplierProfileState> = {
  initialState: emptyProfileState(0),
  evolve(state, event) {
    const { supplierId, ...section } = event.data;
    switch (event.type) {
      case 'SupplierCoreDetailsChanged':
        return { ...state, supplierId, core: section as CoreDetails };
      case 'SupplierContactsChanged':
        return { ...state, supplierId, contacts: section as Contacts };
      case 'SupplierDefaultSettingsChanged':
        return { ...state, supplierId, defaultSettings: section as DefaultSettings };
      case 'SupplierCancellationPolicyChanged':
        return { ...state, supplierId, cancellationPolicy: (section as SupplierCancellationPolicyData).cancellationPolicy };
    }
  },
  decide({ supplierId, profile: p }, state) {
    if (!p.code.trim()) throw new ValidationError('Business code is required', { code: ['Business code is required'] });
    if (!p.name.trim()) throw new ValidationError('Legal name is required', { name: ['Legal name is required'] });
    const core: CoreDetails = {
      code: p.code,
      name: p.name,
      taxRegistrationNumber: p.taxRegistrationNumber,
      tradeLicenseNumber: p.tradeLicenseNumber,
      countryId: p.countryId,
      address: p.address,
      paymentDetails: p.paymentDetails,
      isAcknowledged: p.isAcknowledged,
    };
    const contacts: Contacts = { customerSupport: p.customerSupport, operationsSupport: p.operationsSupport, accountsDepartment: p.accountsDepartment };
    const cancellationPolicy = normalizeCancellationPolicy(p.cancellationPolicy);
    const events: SupplierProfileEvent[] = [];
    if (!same(state.core, core)) events.push({ type: 'SupplierCoreDetailsChanged', data: { supplierId, ...core } });
    if (!same(state.contacts, contacts)) events.push({ type: 'SupplierContactsChanged', data: { supplierId, ...contacts } });
    if (!same(state.defaultSettings, p.defaultSettings)) events.push({ type: 'SupplierDefaultSettingsChanged', data: { supplierId, ...p.defaultSettings } });
    // A never-saved policy and an empty one are the same: not refundable.
    if (!same(state.cancellationPolicy ?? [], cancellationPolicy)) events.push({ type: 'SupplierCancellationPolicyChanged', data: { supplierId, cancellationPolicy } });
    return events;
  },
};

export const supplierProfileStream = (supplierId: number) => `supplierprofile-${supplierId}`;

const blankNamed = () => ({ name: '', phone: '', email: '' });
const blank = () => ({ phone: '', email: '' });

/** The profile a supplier that never saved one sees: empty fields, no policy. */
export function blankProfile(): SupplierProfile {
  return {
    code: '',
    name: '',
    taxRegistrationNumber: '',
    tradeLicenseNumber: '',
    countryId: null,
    address: '',
    paymentDetails: { accountNumber: '', ibanNumber: '', swiftCode: '', bankName: '', bankBranchAddress: '' },
    customerSupport: { primary: blankNamed(), secondary: blankNamed(), emergency: blankNamed() },
    operationsSupport: { primary: blank(), secondary: blank(), emergency: blank() },
    accountsDepartment: { primary: blank(), secondary: blank(), emergency: blank() },
    isAcknowledged: false,
    cancellationPolicy: [],
    defaultSettings: { termsAndConditions: '', faq: '', notesToClientPostBooking: '' },
  };
}

/** The answer's shape from the stored sections (each may never have been saved). */
export function profileFrom(sections: Pick<SupplierProfileState, 'core' | 'contacts' | 'defaultSettings' | 'cancellationPolicy'>): SupplierProfile {
  const p = blankProfile();
  return {
    ...p,
    ...(sections.core ?? {}),
    ...(sections.contacts ?? {}),
    cancellationPolicy: sections.cancellationPolicy ?? [],
    defaultSettings: sections.defaultSettings ?? p.defaultSettings,
  };
}
