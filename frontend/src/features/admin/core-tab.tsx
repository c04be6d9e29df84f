import { useMemo } from 'react';
import type { Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useCountryOptions } from '../../app/supplier/business-profile';
import { countryDisplayName } from '../../lib/display-names';
import { SelectField, TextField } from '../../ui/fields';
import { MAX_LENGTH, type BusinessProfileForm } from './business-profile.form';
import { TitledSection } from '../../ui/common/titled-section';

/** The core tab: the business and its payment details. */
export function CoreTab({ control }: { control: Control<BusinessProfileForm> }) {
  const { t, i18n } = useTranslation('admin');
  const countries = useCountryOptions();
  const options = useMemo(() => {
    const named = (countries.data ?? []).map((o) => ({ value: o.value, label: countryDisplayName(o.code, o.label, i18n.language) }));
    // The API sorts by the English name; translated names need sorting again.
    return i18n.language === 'en' ? named : named.sort((a, b) => a.label.localeCompare(b.label, i18n.language, { sensitivity: 'base' }));
  }, [countries.data, i18n.language]);
  return (
    <div className="admin-sections">
      <TitledSection className="admin-section" headingId="admin-business" title={t('core.business')} titleClassName="admin-section__title" level={3}>
        <div className="form-grid admin-grid">
          <TextField control={control} name="code" label={t('core.code')} maxLength={MAX_LENGTH.code} required autoComplete="off" />
          <TextField control={control} name="name" label={t('core.name')} maxLength={MAX_LENGTH.name} required autoComplete="organization" />
          <TextField control={control} name="taxRegistrationNumber" label={t('core.taxRegistrationNumber')} maxLength={MAX_LENGTH.taxRegistrationNumber} autoComplete="off" />
          <TextField control={control} name="tradeLicenseNumber" label={t('core.tradeLicenseNumber')} maxLength={MAX_LENGTH.tradeLicenseNumber} autoComplete="off" />
          <SelectField control={control} name="countryId" label={t('core.country')} options={options} placeholder={countries.isPending ? t('loadingOptions') : t('core.countryPlaceholder')} />
          <TextField control={control} name="address" label={t('core.address')} maxLength={MAX_LENGTH.address} autoComplete="street-address" className="form-grid__wide admin-grid__address" />
        </div>
      </TitledSection>
      <TitledSection className="admin-section" headingId="admin-payment" title={t('core.paymentDetails')} titleClassName="admin-section__title" level={3}>
        <div className="form-grid admin-grid">
          <TextField control={control} name="paymentDetails.accountNumber" label={t('core.accountNumber')} maxLength={MAX_LENGTH.accountNumber} autoComplete="off" />
          <TextField control={control} name="paymentDetails.ibanNumber" label={t('core.ibanNumber')} maxLength={MAX_LENGTH.ibanNumber} autoComplete="off" />
          <TextField control={control} name="paymentDetails.swiftCode" label={t('core.swiftCode')} maxLength={MAX_LENGTH.swiftCode} autoComplete="off" />
          <TextField control={control} name="paymentDetails.bankName" label={t('core.bankName')} maxLength={MAX_LENGTH.bankName} autoComplete="off" />
          <TextField control={control} name="paymentDetails.bankBranchAddress" label={t('core.bankBranchAddress')} maxLength={MAX_LENGTH.bankBranchAddress} autoComplete="off" className="form-grid__wide admin-grid__branch" />
        </div>
      </TitledSection>
    </div>
  );
}
