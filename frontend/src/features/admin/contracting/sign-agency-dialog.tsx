import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormMessage } from '../../../app/forms/field';
import { notify } from '../../../app/notifications/notifications';
import { NumberField, SelectField } from '../../../ui/fields';
import { listUncontractedAgencies, signAgency, UNCONTRACTED_AGENCIES_KEY, type SavedContract } from './api/contracts.api';
import { buildCommissionSchema, commissionPathOf, type ErrorKey } from './contract-form';
import { ContractDialog } from './contract-dialog';
import { placeContractErrors } from './server-errors';

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
  const form = useForm<SignForm>({ resolver: zodResolver(schema), defaultValues: { agencyId: null, commission: null }, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, handleSubmit, setError, setFocus } = form;
  const [summary, setSummary] = useState<string[]>([]);
  const save = useMutation({ mutationFn: (v: SignForm) => signAgency(v.agencyId!, v.commission) });
  const options = useMemo(() => (agencies.data ?? []).map((a) => ({ value: a.id, label: a.name })), [agencies.data]);
  const none = agencies.isSuccess && options.length === 0;

  const submit = () =>
    void handleSubmit((values) => {
      setSummary([]);
      save.mutate(values, {
        onSuccess: (saved) => {
          notify({ title: t('notice'), message: t('signDialog.saved', { name: options.find((o) => o.value === values.agencyId)?.label ?? '' }), kind: 'success' });
          onSaved(saved);
        },
        onError: (err) => {
          const placed = placeContractErrors(err, commissionPathOf, setError, t);
          setSummary(placed.summary);
          if (placed.first) setFocus(placed.first);
        },
      });
    })();

  return (
    <ContractDialog
      title={t('signDialog.title')}
      testId="contract-sign-dialog"
      onSubmit={submit}
      onClose={onClose}
      busy={save.isPending}
      saveLabel={t('signDialog.save')}
      busyLabel={t('signDialog.saving')}
      summary={summary}
      canSave={!none && agencies.isSuccess}
    >
      {none ? (
        <FormMessage kind="warning" testId="contract-sign-none">
          {t('signDialog.none')}
        </FormMessage>
      ) : (
        <SelectField<SignForm, 'agencyId', number> control={control} name="agencyId" label={t('fields.agency')} required options={options} placeholder={agencies.isLoading ? t('loading') : t('fields.agencyPlaceholder')} />
      )}
      <NumberField<SignForm, 'commission'> control={control} name="commission" label={t('fields.commission')} hint={t('fields.commissionHint')} min={0} max={100} decimals={2} suffix="%" placeholder={t('periodCommission')} />
    </ContractDialog>
  );
}
