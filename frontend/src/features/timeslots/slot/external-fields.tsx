import { useEffect } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TIME_SLOT_LIMITS as L } from '@tbo/scheduling/src/pure/time-slot-rules.pure';
import { FormMessage } from '../../../app/forms/field';
import { SelectField, TextField, ToggleField } from '../../../ui/fields';
import { ApiError } from '../../../lib/api-client';
import { useExternalProviders } from '../api/list-external-options';
import { ExternalProduct } from './external-product';
import { clearedBy, type SlotForm } from './slot-form';
import { SlotSection, useCodeTypeOptions } from './slot-fields';

const DIRTY = { shouldDirty: true } as const;

/**
 * The external provider's fields (spec 02 §2, §5; fixed-time slots only): 'Is External' turns them on and, turned
 * off, clears them all. The provider's products and a product's start times come from the provider; picking a
 * provider clears its product, picking a product clears its time slot (slot-form.ts clearedBy). Different products
 * for adult and child add the per-child product and its time slot.
 */
export function ExternalFields({ form }: { form: UseFormReturn<SlotForm> }) {
  const { t } = useTranslation('timeslots');
  const { control, setValue, watch } = form;
  const [on, diff, mismatch] = useWatch({ control, name: ['isExternalId', 'externalProviderDiffProductsAdultChild', 'isExternalMismatch'] });
  const providers = useExternalProviders(on);
  const codeTypes = useCodeTypeOptions();
  const failed = (err: unknown) => t('errors.externalFailed', { message: err instanceof ApiError || err instanceof Error ? err.message : '' });
  const providerPlaceholder = providers.isPending ? t('common.loadingOptions') : providers.data?.length === 0 ? t('slot.fields.noProviders') : t('slot.fields.choose');

  // The user's own changes clear what depends on them (loading a slot clears nothing).
  useEffect(() => {
    const sub = watch((values, { name, type }) => {
      const cleared = type === 'change' ? clearedBy(name, values as Partial<SlotForm>) : null;
      if (cleared) Object.entries(cleared).forEach(([k, v]) => setValue(k as keyof SlotForm, v as never, DIRTY));
    });
    return () => sub.unsubscribe();
  }, [watch, setValue]);

  return (
    <SlotSection id="external" title={t('slot.sections.external')} testId="external-section">
      <div className="timeslots-fields">
        <ToggleField control={control} name="isExternalId" label={t('slot.fields.isExternal')} />
      </div>
      {on && (
        <div className="timeslots-fields" data-testid="external-fields">
          {mismatch && (
            <div className="timeslots-fields__wide">
              <FormMessage kind="warning" testId="external-mismatch">
                {t('slot.externalMismatch')}
              </FormMessage>
            </div>
          )}
          <SelectField
            control={control}
            name="externalProviderId"
            label={t('slot.fields.provider')}
            options={providers.data ?? []}
            placeholder={providerPlaceholder}
            hint={providers.isError ? failed(providers.error) : undefined}
          />
          <ExternalProduct form={form} which="adult" />
          <SelectField control={control} name="externalProviderCodeType" label={t('slot.fields.codeType')} options={codeTypes} />
          <TextField control={control} name="bookingReferencePrefix" label={t('slot.fields.bookingReferencePrefix')} maxLength={L.bookingReferencePrefixMax} autoComplete="off" />
          <ToggleField control={control} name="externalIsTicketPerPax" label={t('slot.fields.ticketPerPax')} />
          <ToggleField control={control} name="externalProviderDiffProductsAdultChild" label={t('slot.fields.diffProducts')} />
          {diff && <ExternalProduct form={form} which="child" />}
        </div>
      )}
    </SlotSection>
  );
}
