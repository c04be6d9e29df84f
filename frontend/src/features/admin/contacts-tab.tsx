import type { Control, FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/fields';
import { CONTACT_SLOTS, MAX_LENGTH, type BusinessProfileForm } from './business-profile.form';

/** The contacts tab: customer support (with names), operations and accounts, each primary, secondary and emergency. */
export function ContactsTab({ control }: { control: Control<BusinessProfileForm> }) {
  const { t } = useTranslation('admin');
  const groups = [
    { key: 'customerSupport', withName: true },
    { key: 'operationsSupport', withName: false },
    { key: 'accountsDepartment', withName: false },
  ] as const;
  return (
    <div className="admin-sections">
      {groups.map((g) => (
        <section key={g.key} className="admin-section" aria-labelledby={`admin-${g.key}`} data-testid={`contacts-${g.key}`}>
          <h3 className="admin-section__title" id={`admin-${g.key}`}>
            {t(`contacts.${g.key}`)}
          </h3>
          <div className="admin-contacts">
            {CONTACT_SLOTS.map((slot) => (
              <fieldset key={slot} className="admin-contact" data-testid={`${g.key}-${slot}`}>
                <legend className="admin-contact__legend">{t(`contacts.${slot}`)}</legend>
                {g.withName && <TextField control={control} name={`${g.key}.${slot}.name` as FieldPath<BusinessProfileForm>} label={t('contacts.name')} maxLength={MAX_LENGTH.contactName} autoComplete="off" />}
                <TextField control={control} name={`${g.key}.${slot}.phone` as FieldPath<BusinessProfileForm>} label={t('contacts.phone')} maxLength={MAX_LENGTH.phone} type="tel" autoComplete="off" />
                <TextField control={control} name={`${g.key}.${slot}.email` as FieldPath<BusinessProfileForm>} label={t('contacts.email')} maxLength={MAX_LENGTH.email} type="email" autoComplete="off" />
              </fieldset>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
