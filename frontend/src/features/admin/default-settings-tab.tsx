import { useController, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../app/forms/field';
import { CancellationPolicyEditor } from '../../ui/cancellation-policy';
import { RichTextField } from '../../ui/fields';
import type { BusinessProfileForm } from './business-profile.form';
import { TitledSection } from '../../ui/common/titled-section';

/** Height of the default-settings rich text fields (brief: 250). */
const RICH_TEXT_HEIGHT = 250;

/** The default settings tab: the texts and the cancellation policy new tours start with. */
export function DefaultSettingsTab({ control }: { control: Control<BusinessProfileForm> }) {
  const { t } = useTranslation('admin');
  const { field, fieldState } = useController({ control, name: 'cancellationPolicy' });
  return (
    <div className="admin-sections">
      <TitledSection className="admin-section" headingId="admin-texts" title={t('defaults.texts')} titleClassName="admin-section__title" level={3}>
        <div className="admin-richtexts">
          <RichTextField control={control} name="defaultSettings.termsAndConditions" label={t('defaults.termsAndConditions')} height={RICH_TEXT_HEIGHT} />
          <RichTextField control={control} name="defaultSettings.faq" label={t('defaults.faq')} height={RICH_TEXT_HEIGHT} />
          <RichTextField control={control} name="defaultSettings.notesToClientPostBooking" label={t('defaults.notesToClientPostBooking')} height={RICH_TEXT_HEIGHT} />
        </div>
      </TitledSection>
      <TitledSection className="admin-section admin-section--policy" headingId="admin-policy" title={t('defaults.cancellationPolicy')} titleClassName="admin-section__title" level={3}>
        <p className="admin-section__hint">{t('defaults.cancellationPolicyHint')}</p>
        <CancellationPolicyEditor value={field.value ?? []} onChange={(rows) => field.onChange(rows)} ariaLabelledBy="admin-policy" testId="default-cancellation-policy" />
        {fieldState.error?.message && (
          <FormMessage kind="error" testId="cancellation-policy-error">
            {fieldState.error.message}
          </FormMessage>
        )}
      </TitledSection>
    </div>
  );
}
