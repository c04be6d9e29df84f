import type { Control, FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../ui/fields';

/** The agency's commission in percent (empty: the valid period's), as the add, sign and commission dialogs ask it. */
export function CommissionField<F extends FieldValues & { commission: number | null }>({ control }: { control: Control<F> }) {
  const { t } = useTranslation('contracts');
  return <NumberField<F, Path<F>> control={control} name={'commission' as Path<F>} label={t('fields.commission')} hint={t('fields.commissionHint')} min={0} max={100} decimals={2} suffix="%" placeholder={t('periodCommission')} />;
}
