import { z } from 'zod';
import type { ConvType } from '@tbo/catalog/src/pricing/price-model.pure';
import { apiCall } from '../../lib/api-client';

/**
 * The supplier's account settings (spec 01 §3): taxes, the default commission and the currency conversion, as
 * GET /api/account/settings answers them (with the version a save sends back; null: never saved) and
 * PUT /api/account/settings takes them. New valid periods are priced with them; saved prices keep their own copy.
 */
export const accountSettingsSchema = z.object({
  taxes: z.array(z.object({ name: z.string(), amount: z.number(), amountK: z.number() })),
  defaultCommission: z.number(),
  currencyConversionSettings: z.object({
    baseCurrency: z.string(),
    secondaryCurrency: z.string(),
    convRate: z.number(),
    convType: z.enum(['multiply', 'divide']) satisfies z.ZodType<ConvType>,
  }),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

const versioned = accountSettingsSchema.extend({ version: z.number().nullable(), position: z.string().nullish() });
export type VersionedAccountSettings = z.infer<typeof versioned>;

export const ACCOUNT_SETTINGS_KEY = ['account', 'settings'] as const;

export const getAccountSettings = (): Promise<VersionedAccountSettings> => apiCall(versioned, 'GET', '/api/account/settings');

/** Silent: the pricing tab shows a refusal (a 409 with Reload, field messages) itself. */
export const saveAccountSettings = (settings: AccountSettings & { version: number | null }): Promise<VersionedAccountSettings> =>
  apiCall(versioned, 'PUT', '/api/account/settings', settings, { silent: true });
