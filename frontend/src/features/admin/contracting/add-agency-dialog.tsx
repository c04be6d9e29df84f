import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notifications/notifications';
import { TextField } from '../../../ui/fields';
import { addAgency, type AddedAgency } from './api/contracts.api';
import { CommissionField } from './commission-field';
import { agencyPathOf, buildAgencySchema, EMPTY_AGENCY_FORM, LIMITS, toAgencyPayload, type AgencyForm, type ErrorKey } from './contract-form';
import { ContractDialog } from './contract-dialog';
import { useContractForm } from './use-contract-form';

/** Add agency: the agency, its first agent (the agency's admin, who signs in with the password given here) and the commission. */
export function AddAgencyDialog({ onSaved, onClose }: { onSaved: (added: AddedAgency) => void; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const schema = useMemo(() => buildAgencySchema((key: ErrorKey, max?: number) => t(`errors.${key}`, { max })), [t]);
  const { control, frame } = useContractForm({
    schema,
    defaultValues: EMPTY_AGENCY_FORM,
    save: (values: AgencyForm) => addAgency(toAgencyPayload(values)),
    pathOf: agencyPathOf,
    onSaved: (added) => {
      notify({ title: t('notices.added', { name: added.agencyName }), message: t('addDialog.saved', { name: added.agencyName }), kind: 'success' });
      onSaved(added);
    },
  });

  return (
    <ContractDialog texts="addDialog" testId="contract-add-dialog" form={frame} onClose={onClose} initialFocus="input[name=agencyName]">
      <TextField<AgencyForm, 'agencyName'> control={control} name="agencyName" label={t('fields.agencyName')} required maxLength={LIMITS.agencyName} autoComplete="off" />
      <fieldset className="contract-dialog__group">
        <legend>{t('addDialog.agentSection')}</legend>
        <TextField<AgencyForm, 'agentFullName'> control={control} name="agentFullName" label={t('fields.agentFullName')} required maxLength={LIMITS.agentFullName} autoComplete="off" />
        <TextField<AgencyForm, 'agentEmail'> control={control} name="agentEmail" type="email" label={t('fields.agentEmail')} required maxLength={LIMITS.agentEmail} autoComplete="off" />
        <TextField<AgencyForm, 'agentPassword'> control={control} name="agentPassword" type="password" label={t('fields.agentPassword')} hint={t('fields.agentPasswordHint')} required autoComplete="new-password" />
      </fieldset>
      <CommissionField control={control} />
    </ContractDialog>
  );
}
