import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage } from '../../../app/forms/field';
import { notify } from '../../../app/notifications/notifications';
import { SelectField } from '../../../ui/fields';
import { listUncontractedAgencies, signAgency, UNCONTRACTED_AGENCIES_KEY, type SavedContract } from './api/contracts.api';
import { CommissionField } from './commission-field';
import { buildCommissionSchema, commissionPathOf, type ErrorKey } from './contract-form';
import { ContractDialog } from './contract-dialog';
import { useContractForm } from './use-contract-form';

interface SignForm {
  agencyId: number | null;
  commission: number | null;
}

/** Sign an agency that is registered (another supplier's agent, or one made with the users command) but not contracted here yet. */
export function SignAgencyDialog({ onSaved, onClose }: { onSaved: (saved: SavedContract) => void; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const agencies = useQuery({ queryKey: UNCONTRACTED_AGENCIES_KEY, queryFn: ({ signal }) => listUncontractedAgencies(signal), staleTime: 0 });
  const schema = useMemo(
    () =>
      buildCommissionSchema((key: ErrorKey, max?: number) => t(`errors.${key}`, { max })).extend({
        agencyId: z.number().nullable().refine((v) => v !== null, t('errors.agency')),
      }),
    [t],
  );
  const options = useMemo(() => (agencies.data ?? []).map((a) => ({ value: a.id, label: a.name })), [agencies.data]);
  const none = agencies.isSuccess && options.length === 0;
  const { control, frame } = useContractForm({
    schema,
    defaultValues: { agencyId: null, commission: null },
    save: (v: SignForm) => signAgency(v.agencyId!, v.commission),
    pathOf: commissionPathOf,
    onSaved: (saved, values) => {
      notify({ title: t('notices.signed', { name: options.find((o) => o.value === values.agencyId)?.label ?? '' }), message: t('signDialog.saved', { name: options.find((o) => o.value === values.agencyId)?.label ?? '' }), kind: 'success' });
      onSaved(saved);
    },
  });

  return (
    <ContractDialog texts="signDialog" testId="contract-sign-dialog" form={frame} onClose={onClose} canSave={!none && agencies.isSuccess} focusCancel={none}>
      {none ? (
        <FormMessage kind="warning" testId="contract-sign-none">
          {t('signDialog.none')}
        </FormMessage>
      ) : (
        <SelectField<SignForm, 'agencyId', number> control={control} name="agencyId" label={t('fields.agency')} required options={options} placeholder={agencies.isLoading ? t('loading') : t('fields.agencyPlaceholder')} />
      )}
      <CommissionField control={control} />
    </ContractDialog>
  );
}
