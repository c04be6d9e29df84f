import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../app/notifications/notifications';
import { setCommission, type ContractRow, type SavedContract } from './api/contracts.api';
import { CommissionField } from './commission-field';
import { buildCommissionSchema, commissionPathOf, type CommissionForm, type ErrorKey } from './contract-form';
import { ContractDialog } from './contract-dialog';
import { useContractForm } from './use-contract-form';

/** The agency's commission: a percent, or empty for the valid period's. It applies to the agency's new bookings. */
export function CommissionDialog({ contract, onSaved, onClose }: { contract: ContractRow; onSaved: (saved: SavedContract) => void; onClose: () => void }) {
  const { t } = useTranslation('contracts');
  const schema = useMemo(() => buildCommissionSchema((key: ErrorKey, max?: number) => t(`errors.${key}`, { max })), [t]);
  const { control, frame } = useContractForm({
    schema,
    defaultValues: { commission: contract.commission },
    save: (v: CommissionForm) => setCommission(contract.agencyId, v.commission),
    pathOf: commissionPathOf,
    onSaved: (saved) => {
      notify({ title: t('notices.commission', { name: contract.agencyName }), message: t('commissionDialog.saved', { name: contract.agencyName }), kind: 'success' });
      onSaved(saved);
    },
  });

  return (
    <ContractDialog texts="commissionDialog" titleValues={{ name: contract.agencyName }} testId="contract-commission-dialog" form={frame} onClose={onClose} initialFocus="input[name=commission]">
      <CommissionField control={control} />
    </ContractDialog>
  );
}
