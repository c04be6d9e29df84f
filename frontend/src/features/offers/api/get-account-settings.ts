import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiCall } from '../../../lib/api-client';
import { convTypeSchema } from './valid-period.schema';

/** GET /api/account/settings (spec 01 §3 Account settings): a new period is priced with these. */
export const accountSettingsSchema = z.object({
  taxes: z.array(z.object({ name: z.string(), amount: z.number(), amountK: z.number() })),
  defaultCommission: z.number(),
  currencyConversionSettings: z.object({ baseCurrency: z.string(), secondaryCurrency: z.string(), convRate: z.number(), convType: convTypeSchema }),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

const ACCOUNT_SETTINGS_KEY = ['account', 'settings'] as const;

export const getAccountSettings = (): Promise<AccountSettings> => apiCall(accountSettingsSchema, 'GET', '/api/account/settings');

export function useAccountSettings() {
  // Always read afresh: the settings may have changed since the page was last open (the editor warns about it).
  return useQuery({ queryKey: ACCOUNT_SETTINGS_KEY, queryFn: getAccountSettings, staleTime: 0, refetchOnWindowFocus: false, retry: false });
}
