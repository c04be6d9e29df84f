import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/fields';
import type { ContractRow } from './api/contracts.api';
import { issueResellerKey, type IssuedKey } from './api/reseller-keys.api';
import { ContractDialog } from './contract-dialog';
import { buildIssueKeySchema, issueKeyPathOf, KEY_NAME_MAX, type IssueKeyForm } from './reseller-keys.logic';
import { useContractForm } from './use-contract-form';

/** Issue an API key to the agency: a name for it; the key itself is shown next, once. */
export function IssueKeyDialog({ agency, onIssued, onClose }: { agency: ContractRow; onIssued: (issued: IssuedKey) => void; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const schema = useMemo(() => buildIssueKeySchema({ name: t('errors.keyName'), tooLong: t('errors.tooLong', { max: KEY_NAME_MAX }) }), [t]);
  const { control, frame } = useContractForm({
    schema,
    defaultValues: { name: '' },
    save: (v: IssueKeyForm) => issueResellerKey(agency.agencyId, v.name.trim()),
    pathOf: issueKeyPathOf,
    onSaved: onIssued,
  });

  return (
    <ContractDialog texts="keys.issueDialog" titleValues={{ name: agency.agencyName }} testId="key-issue-dialog" form={frame} onClose={onClose} initialFocus="input[name=name]">
      <p className="contract-dialog__text">{t('keys.issueDialog.intro')}</p>
      <TextField<IssueKeyForm, 'name'> control={control} name="name" label={t('keys.fields.name')} hint={t('keys.fields.nameHint')} required maxLength={KEY_NAME_MAX} autoComplete="off" />
    </ContractDialog>
  );
}
