import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryWords } from './history-values';

/** The history's words (Yes/No, a cancellation rule, an unknown id) in the interface language. */
export function useHistoryWords(): HistoryWords {
  const { t } = useTranslation('history');
  return useMemo(
    () => ({
      yes: t('yes'),
      no: t('no'),
      policyRule: (hours: number, percents: number) => t('policyRule', { hours, percents }),
      unknown: (id: unknown) => t('unknown', { id: String(id) }),
    }),
    [t],
  );
}
