export { SupplierModule } from './supplier.module';
export { SaveSupplierProfileCommand, saveSupplierProfileInput, type SaveSupplierProfileInput } from './profile/supplier-profile.commands';
export {
  supplierProfileDecider,
  supplierProfileStream,
  blankProfile,
  cancellationRowProblem,
  normalizeCancellationPolicy,
  CANCELLATION_POLICY_MESSAGES,
  type SupplierProfile,
  type CancellationOption,
} from './profile/supplier-profile';
export type { SavedSupplierProfile } from './profile/save-supplier-profile.handler';
export { SaveAccountSettingsCommand, saveAccountSettingsInput, type SaveAccountSettingsInput } from './account/account-settings.commands';
export { accountSettingsDecider, accountSettingsStream, DEFAULT_ACCOUNT_SETTINGS, taxFactor, type AccountSettings } from './account/account-settings';
export type { SavedAccountSettings } from './account/save-account-settings.handler';
export { sanitizeRichText } from './rich-text/rich-text';
