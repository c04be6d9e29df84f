import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CancellationPolicyEditor } from '../../../ui/cancellation-policy';
import { Button } from '../../../ui/common/button';
import { RichTextField, TextField } from '../../../ui/fields';
import { PhotoSelector } from '../../../app/media/photo-selector';
import { SeoIndicator } from '../../../ui/seo-indicator';
import { ItineraryList } from '../../../ui/itinerary/itinerary-list';
import { DefaultedTextBlock, DefaultToggle } from './default-toggle';
import { plainText } from '../../../ui/history/plain-text';
import { hasDefault, type AccountDefaults } from './account-defaults';
import type { TourForm } from './tour-form';
import { newFaqItem } from './tour-lists';

/** Terms & Conditions: the terms and the tour's cancellation policy, each with its defaults / custom toggle. */
export function TermsTab({ defaults }: { defaults: AccountDefaults }) {
  const { t } = useTranslation('tour-edit');
  const { control, setValue } = useFormContext<TourForm>();
  const [isDefaultPolicy, policy] = useWatch({ control, name: ['isDefaultCancellationPolicy', 'cancellationPolicy'] });
  const policyAvailable = hasDefault(defaults, 'policy');
  return (
    <div className="tour-sections">
      <DefaultedTextBlock kind="terms" defaults={defaults} label={t('fields.termsAndConditions')} testId="terms-defaults" />
      <section className="tour-subsection" aria-labelledby="tour-policy-title">
        <h3 className="tour-subsection__title" id="tour-policy-title">
          {t('fields.cancellationPolicy')}
        </h3>
        <DefaultToggle
          testId="policy-defaults"
          checked={isDefaultPolicy}
          available={policyAvailable}
          onChange={(on) => {
            setValue('isDefaultCancellationPolicy', on, { shouldDirty: true });
            if (on) setValue('cancellationPolicy', defaults.cancellationPolicy.map((r) => ({ ...r })), { shouldDirty: true });
          }}
        />
        <p className="tour-muted">{isDefaultPolicy && policyAvailable ? t('policy.defaultHint') : t('policy.customHint')}</p>
        <CancellationPolicyEditor
          value={policy ?? []}
          onChange={(rows) => {
            setValue('cancellationPolicy', rows, { shouldDirty: true });
            // Editing the policy by hand makes it the tour's own (spec 01 §4).
            setValue('isDefaultCancellationPolicy', false, { shouldDirty: true });
          }}
          ariaLabelledBy="tour-policy-title"
          testId="tour-cancellation-policy"
        />
      </section>
    </div>
  );
}

export function MediaTab() {
  const { control, setValue } = useFormContext<TourForm>();
  const [photos, heroImageId] = useWatch({ control, name: ['photos', 'heroImageId'] });
  return (
    <PhotoSelector
      selectedIds={photos ?? []}
      heroImageId={heroImageId ?? null}
      onChange={(sel) => {
        setValue('photos', sel.photoIds, { shouldDirty: true });
        setValue('heroImageId', sel.heroImageId, { shouldDirty: true });
      }}
    />
  );
}

export function ItineraryTab({ tourId, errors }: { tourId: number; errors: string[] }) {
  const { t } = useTranslation('tour-edit');
  const { control, setValue } = useFormContext<TourForm>();
  const itineraries = useWatch({ control, name: 'itineraries' });
  return (
    <div className="tour-sections">
      {errors.length > 0 && (
        <div className="tour-problems" role="alert" data-testid="tour-itinerary-problems">
          <ul>
            {errors.map((e) => (
              <li key={e}>{e}</li>
            ))}
          </ul>
        </div>
      )}
      <ItineraryList value={itineraries ?? []} onChange={(list) => setValue('itineraries', list, { shouldDirty: true, shouldValidate: errors.length > 0 })} tourId={tourId} />
      <RichTextField control={control} name="tourItinerary" label={t('fields.tourItinerary')} />
    </div>
  );
}

export function FaqTab({ defaults, tourId }: { defaults: AccountDefaults; tourId: number }) {
  const { t } = useTranslation('tour-edit');
  const { control } = useFormContext<TourForm>();
  const faqs = useFieldArray({ control, name: 'faqs', keyName: 'key' });
  return (
    <div className="tour-sections">
      <DefaultedTextBlock kind="faq" defaults={defaults} label={t('fields.faq')} testId="faq-defaults" />
      <section className="tour-subsection" aria-labelledby="tour-faqs-title" data-testid="faq-items">
        <div className="tour-subsection__head">
          <h3 className="tour-subsection__title" id="tour-faqs-title">
            {t('fields.faqs')}
          </h3>
          <Button size="sm" icon="plus" label={t('faqs.add')} onClick={() => faqs.append(newFaqItem(tourId, faqs.fields.length + 1))} data-testid="faq-add" />
        </div>
        {faqs.fields.length === 0 && <p className="tour-muted">{t('faqs.none')}</p>}
        {faqs.fields.map((f, i) => (
          <div key={f.key} className="inset-box tour-faq" data-testid="faq-row">
            <div className="tour-faq__head">
              <span className="tour-faq__number">{i + 1}</span>
              <div className="tour-faq__actions">
                <Button variant="ghost" size="sm" iconOnly icon="arrowUp" label={t('faqs.up')} disabled={i === 0} onClick={() => faqs.move(i, i - 1)} data-testid="faq-up" />
                <Button variant="ghost" size="sm" iconOnly icon="arrowDown" label={t('faqs.down')} disabled={i === faqs.fields.length - 1} onClick={() => faqs.move(i, i + 1)} data-testid="faq-down" />
                <Button variant="ghost" size="sm" iconOnly icon="x" label={t('faqs.remove')} onClick={() => faqs.remove(i)} data-testid="faq-remove" />
              </div>
            </div>
            <TextField control={control} name={`faqs.${i}.question`} label={t('faqs.question')} maxLength={2000} autoComplete="off" />
            <RichTextField control={control} name={`faqs.${i}.answer`} label={t('faqs.answer')} height={120} />
          </div>
        ))}
      </section>
    </div>
  );
}

export function SeoTab() {
  const { t } = useTranslation('tour-edit');
  const { control } = useFormContext<TourForm>();
  const [title, description, seo] = useWatch({ control, name: ['seoPageTitle', 'seoPageDescription', 'seo'] });
  return (
    <div className="tour-sections">
      <TextField control={control} name="seoPageTitle" label={t('fields.seoPageTitle')} maxLength={500} autoComplete="off" aside={<SeoIndicator kind="title" text={title} />} />
      <TextField control={control} name="seoPageDescription" label={t('fields.seoPageDescription')} maxLength={2000} autoComplete="off" aside={<SeoIndicator kind="description" text={description} />} />
      <RichTextField control={control} name="seo" label={t('fields.seo')} aside={<SeoIndicator kind="other" text={plainText(seo ?? '')} />} />
    </div>
  );
}
