export * from './recorded-event';
export * from './registry';
export * from './all-events';
export * from './reference/language-events';
export * from './reference/reference-data-events';
export * from './supplier/supplier-profile-events';
export * from './identity/tenant-events';
export * from './identity/user-events';
