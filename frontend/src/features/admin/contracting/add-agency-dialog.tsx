import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notifications/notifications';
import { NumberField, TextField } from '../../../ui/fields';
import { addAgency, type AddedAgency } from './api/contracts.api';
import { agencyPathOf, buildAgencySchema, EMPTY_AGENCY_FORM, LIMITS, toAgencyPayload, type AgencyForm, type ErrorKey } from './contract-form';
import { ContractDialog } from './contract-dialog';
import { placeContractErrors } from './server-errors';

/** Add agency: the agency, its first agent (the agency's admin, who signs in with the password given here) and the commission. */
export function AddAgencyDialog({ onSaved, onClose }: { onSaved: (added: AddedAgency) => void; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const schema = useMemo(() => buildAgencySchema((key: ErrorKey, max?: number) => t(`errors.${key}`, { max })), [t]);
  const form = useForm<AgencyForm>({ resolver: zodResolver(schema), defaultValues: EMPTY_AGENCY_FORM, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, handleSubmit, setError, setFocus } = form;
  const [summary, setSummary] = useState<string[]>([]);
  const save = useMutation({ mutationFn: addAgency });

  const submit = () =>
    void handleSubmit((values) => {
      setSummary([]);
      save.mutate(toAgencyPayload(values), {
        onSuccess: (added) => {
          notify({ title: t('notice'), message: t('addDialog.saved', { name: added.agencyName }), kind: 'success' });
          onSaved(added);
        },
        onError: (err) => {
          const placed = placeContractErrors(err, agencyPathOf, setError, t);
          setSummary(placed.summary);
          if (placed.first) setFocus(placed.first);
        },
      });
    })();

  return (
    <ContractDialog
      title={t('addDialog.title')}
      testId="contract-add-dialog"
      onSubmit={submit}
      onClose={onClose}
      busy={save.isPending}
      saveLabel={t('addDialog.save')}
      busyLabel={t('addDialog.saving')}
      summary={summary}
      initialFocus="input[name=agencyName]"
    >
      <TextField<AgencyForm, 'agencyName'> control={control} name="agencyName" label={t('fields.agencyName')} required maxLength={LIMITS.agencyName} autoComplete="off" />
      <fieldset className="contract-dialog__group">
        <legend>{t('addDialog.agentSection')}</legend>
        <TextField<AgencyForm, 'agentFullName'> control={control} name="agentFullName" label={t('fields.agentFullName')} required maxLength={LIMITS.agentFullName} autoComplete="off" />
        <TextField<AgencyForm, 'agentEmail'> control={control} name="agentEmail" type="email" label={t('fields.agentEmail')} required maxLength={LIMITS.agentEmail} autoComplete="off" />
        <TextField<AgencyForm, 'agentPassword'> control={control} name="agentPassword" type="password" label={t('fields.agentPassword')} hint={t('fields.agentPasswordHint')} required autoComplete="new-password" />
      </fieldset>
      <NumberField<AgencyForm, 'commission'> control={control} name="commission" label={t('fields.commission')} hint={t('fields.commissionHint')} min={0} max={100} decimals={2} suffix="%" placeholder={t('periodCommission')} />
    </ContractDialog>
  );
}
