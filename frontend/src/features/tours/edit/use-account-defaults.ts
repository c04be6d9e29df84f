import { useMemo } from 'react';
import { useBusinessProfile } from '../../../app/supplier/business-profile';
import { accountDefaultsOf, type AccountDefaults } from './account-defaults';

/** The account's default texts and policy (spec 01 §4) from the business profile; ready once it answered (or failed). */
export function useAccountDefaults(): { defaults: AccountDefaults; ready: boolean } {
  const profile = useBusinessProfile();
  const defaults = useMemo(() => accountDefaultsOf(profile.data), [profile.data]);
  return { defaults, ready: profile.isSuccess || profile.isError };
}
