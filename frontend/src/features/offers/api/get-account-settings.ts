import { useQuery } from '@tanstack/react-query';
import { ACCOUNT_SETTINGS_KEY, getAccountSettings } from '../../../app/supplier/account-settings';

export type { AccountSettings } from '../../../app/supplier/account-settings';

/** GET /api/account/settings (spec 01 §3 Account settings): a new period is priced with these. */
export function useAccountSettings() {
  // Always read afresh: the settings may have changed since the page was last open (the editor warns about it).
  return useQuery({ queryKey: ACCOUNT_SETTINGS_KEY, queryFn: getAccountSettings, staleTime: 0, refetchOnWindowFocus: false, retry: false });
}
