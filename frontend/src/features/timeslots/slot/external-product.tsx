import { useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client';
import { NoExternalSlotsError, useExternalProducts, useExternalSlots, type ExternalOffer } from '../api/list-external-options';
import { ExternalSelect } from './external-select';
import { savedChoiceKey } from './saved-choice';
import type { SlotForm } from './slot-form';

const FIELDS = {
  adult: { product: 'externalProductId', option: 'externalProductMappingValue', slot: 'externalId' },
  child: { product: 'externalPerChildProductId', option: 'externalPerChildProductMappingValue', slot: 'externalPerChildId' },
} as const;

const LABELS = {
  adult: { product: 'slot.fields.product', option: 'slot.fields.productOption', slot: 'slot.fields.externalSlot' },
  child: { product: 'slot.fields.childProduct', option: 'slot.fields.childProductOption', slot: 'slot.fields.childExternalSlot' },
} as const;

/** The option a product is booked with when none is chosen: its default (listed first), else its first. */
export const defaultOption = (p: ExternalOffer | undefined): string => (p?.options.find((o) => o.isDefault) ?? p?.options[0])?.id ?? '';

/**
 * One external product of a slot (the adult's, or the per-child one): the provider's product, its option when it
 * has more than one (kept as the product's mapping value), and the option's start time at the provider. A product
 * without start times says 'No time slots for selected product. Maybe it should be guest defines time?'.
 */
export function ExternalProduct({ form, which }: { form: UseFormReturn<SlotForm>; which: keyof typeof FIELDS }) {
  const { t } = useTranslation('timeslots');
  const { control, setValue } = form;
  const f = FIELDS[which];
  const [providerId, productId, option, slotValue] = useWatch({ control, name: ['externalProviderId', f.product, f.option, f.slot] });
  const products = useExternalProducts(providerId);
  const slots = useExternalSlots(providerId, productId, option || null);
  const product = products.data?.find((p) => p.id === productId);
  const productOptions = useMemo(() => (products.data ?? []).map((p) => ({ value: p.id, label: p.name })), [products.data]);
  const optionOptions = useMemo(() => (product?.options ?? []).map((o) => ({ value: o.id, label: o.name })), [product]);
  const slotOptions = useMemo(() => (slots.data ?? []).map((s) => ({ value: s.id, label: s.name })), [slots.data]);
  const failed = (err: unknown) => t('errors.externalFailed', { message: err instanceof ApiError || err instanceof Error ? err.message : '' });
  const choose = (ready: boolean, pending: boolean, before: string) => (!ready ? t(before) : pending ? t('common.loadingOptions') : t('slot.fields.choose'));
  // A saved product or option the list does not have is named by why, never by the provider's id.
  const savedProduct = t(savedChoiceKey('product', products));
  const savedOption = t(savedChoiceKey('option', products));
  const slotProblem = slots.error instanceof NoExternalSlotsError ? t('errors.noExternalSlots') : slots.isError ? failed(slots.error) : undefined;
  return (
    <>
      <ExternalSelect
        control={control}
        name={f.product}
        label={t(LABELS[which].product)}
        options={productOptions}
        placeholder={choose(!!providerId, products.isFetching, 'slot.fields.chooseProviderFirst')}
        problem={products.isError ? failed(products.error) : undefined}
        savedLabel={savedProduct}
        testId={`external-${which}-product`}
        onPicked={(id) => setValue(f.option, defaultOption(products.data?.find((p) => p.id === id)), { shouldDirty: true })}
      />
      {optionOptions.length > 1 && (
        <ExternalSelect
          control={control}
          name={f.option}
          label={t(LABELS[which].option)}
          options={optionOptions}
          placeholder={t('slot.fields.choose')}
          savedLabel={savedOption}
          testId={`external-${which}-option`}
        />
      )}
      <ExternalSelect
        control={control}
        name={f.slot}
        label={t(LABELS[which].slot)}
        options={slotOptions}
        placeholder={choose(!!productId, slots.isFetching, 'slot.fields.chooseProductFirst')}
        problem={productId ? slotProblem : undefined}
        // The provider's start time is saved as its 'HH:MM': readable as it is.
        savedLabel={slotValue ?? ''}
        testId={`external-${which}-slot`}
        // The provider's departure is the slot's start: the adult's time is taken as the start time.
        onPicked={(time) => {
          if (which === 'adult' && time) setValue('startTimeDescription', time, { shouldDirty: true });
        }}
      />
    </>
  );
}
