import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/fields';
import type { ContractRow } from './api/contracts.api';
import { issueResellerKey, type IssuedKey } from './api/reseller-keys.api';
import { ContractDialog } from './contract-dialog';
import { buildIssueKeySchema, issueKeyPathOf, KEY_NAME_MAX, type IssueKeyForm } from './reseller-keys.logic';
import { placeContractErrors } from './server-errors';

/** Issue an API key to the agency: a name for it; the key itself is shown next, once. */
export function IssueKeyDialog({ agency, onIssued, onClose }: { agency: ContractRow; onIssued: (issued: IssuedKey) => void; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const schema = useMemo(() => buildIssueKeySchema({ name: t('errors.keyName'), tooLong: t('errors.tooLong', { max: KEY_NAME_MAX }) }), [t]);
  const form = useForm<IssueKeyForm>({ resolver: zodResolver(schema), defaultValues: { name: '' }, mode: 'onSubmit', reValidateMode: 'onChange' });
  const { control, handleSubmit, setError, setFocus } = form;
  const [summary, setSummary] = useState<string[]>([]);
  const issue = useMutation({ mutationFn: (v: IssueKeyForm) => issueResellerKey(agency.agencyId, v.name.trim()) });

  const submit = () =>
    void handleSubmit((values) => {
      setSummary([]);
      issue.mutate(values, {
        onSuccess: onIssued,
        onError: (err) => {
          const placed = placeContractErrors(err, issueKeyPathOf, setError, t);
          setSummary(placed.summary);
          if (placed.first) setFocus(placed.first);
        },
      });
    })();

  return (
    <ContractDialog
      title={t('keys.issueDialog.title', { name: agency.agencyName })}
      testId="key-issue-dialog"
      onSubmit={submit}
      onClose={onClose}
      busy={issue.isPending}
      saveLabel={t('keys.issueDialog.save')}
      busyLabel={t('keys.issueDialog.saving')}
      summary={summary}
      initialFocus="input[name=name]"
    >
      <p className="contract-dialog__text">{t('keys.issueDialog.intro')}</p>
      <TextField<IssueKeyForm, 'name'> control={control} name="name" label={t('keys.fields.name')} hint={t('keys.fields.nameHint')} required maxLength={KEY_NAME_MAX} autoComplete="off" />
    </ContractDialog>
  );
}
