export { SupplierModule } from './supplier.module';
export { SaveSupplierProfileCommand, saveSupplierProfileInput, type SaveSupplierProfileInput } from './profile/supplier-profile.commands';
export {
  blankProfile,
  type SupplierProfile,
  type CancellationOption,
} from './profile/supplier-profile';
export type { SavedSupplierProfile } from './profile/save-supplier-profile.handler';
export { SaveAccountSettingsCommand, saveAccountSettingsInput, type SaveAccountSettingsInput } from './account/account-settings.commands';
export { DEFAULT_ACCOUNT_SETTINGS, type AccountSettings } from './account/account-settings';
export { pricingSettingsOf, type SupplierPricingSettings } from './account/pricing-settings.query';
export type { SavedAccountSettings } from './account/save-account-settings.handler';
export { sanitizeRichText } from './rich-text/rich-text';
export { defaultCancellationPolicyOf } from './profile/cancellation-policy.query';
export { supplierProfileOf } from './profile/supplier-profile.query';
