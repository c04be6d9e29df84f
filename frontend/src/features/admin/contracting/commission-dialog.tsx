import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notifications/notifications';
import { NumberField } from '../../../ui/fields';
import { setCommission, type ContractRow, type SavedContract } from './api/contracts.api';
import { buildCommissionSchema, commissionPathOf, type CommissionForm, type ErrorKey } from './contract-form';
import { ContractDialog } from './contract-dialog';
import { placeContractErrors } from './server-errors';

/** The agency's commission: a percent, or empty for the valid period's. It applies to the agency's new bookings. */
export function CommissionDialog({ contract, onSaved, onClose }: { contract: ContractRow; onSaved: (saved: SavedContract) => void; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const schema = useMemo(() => buildCommissionSchema((key: ErrorKey, max?: number) => t(`errors.${key}`, { max })), [t]);
  const form = useForm<CommissionForm>({ resolver: zodResolver(schema), defaultValues: { commission: contract.commission }, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, handleSubmit, setError, setFocus } = form;
  const [summary, setSummary] = useState<string[]>([]);
  const save = useMutation({ mutationFn: (v: CommissionForm) => setCommission(contract.agencyId, v.commission) });

  const submit = () =>
    void handleSubmit((values) => {
      setSummary([]);
      save.mutate(values, {
        onSuccess: (saved) => {
          notify({ title: t('notice'), message: t('commissionDialog.saved', { name: contract.agencyName }), kind: 'success' });
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
      title={t('commissionDialog.title', { name: contract.agencyName })}
      testId="contract-commission-dialog"
      onSubmit={submit}
      onClose={onClose}
      busy={save.isPending}
      saveLabel={t('commissionDialog.save')}
      busyLabel={t('commissionDialog.saving')}
      summary={summary}
      initialFocus="input[name=commission]"
    >
      <NumberField<CommissionForm, 'commission'> control={control} name="commission" label={t('fields.commission')} hint={t('fields.commissionHint')} min={0} max={100} decimals={2} suffix="%" placeholder={t('periodCommission')} />
    </ContractDialog>
  );
}
