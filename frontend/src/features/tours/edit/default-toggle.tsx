import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field, RichTextEditor, RichTextField, Toggle } from '../../../ui/fields';
import { hasDefault, type AccountDefaults } from './account-defaults';
import type { TourForm } from './tour-form';

/**
 * The 'use defaults' / 'use custom' switch of notes to clients, terms, FAQ and the cancellation policy (spec 01 §4).
 * It is off and disabled when the account has no default content of that kind.
 */
export function DefaultToggle(props: { checked: boolean; available: boolean; onChange: (useDefaults: boolean) => void; testId: string }) {
  const { t } = useTranslation('tour-edit');
  const hintId = useId();
  const on = props.checked && props.available;
  return (
    <div className="tour-default-toggle" data-testid={props.testId}>
      <Toggle checked={on} onChange={props.onChange} disabled={!props.available} label={t('defaults.useDefaults')} />
      <span className="tour-default-toggle__hint" id={hintId} data-testid={`${props.testId}-state`}>
        {props.available ? (on ? t('defaults.usingDefaults') : t('defaults.usingCustom')) : t('defaults.noDefaults')}
      </span>
    </div>
  );
}

/**
 * A rich text that shows the account's default content read-only while 'use defaults' is on, and is editable
 * otherwise. (Not react-hook-form's `disabled`: that would leave the value out of the submitted form.)
 */
export function DefaultedRichText<N extends 'notesToClientsPostBooking' | 'termsAndConditions' | 'faq'>(props: { name: N; label: string; usingDefaults: boolean; height?: number }) {
  const { control } = useFormContext<TourForm>();
  const value = useWatch({ control, name: props.name });
  const labelId = useId();
  if (!props.usingDefaults) return <RichTextField control={control} name={props.name} label={props.label} height={props.height} />;
  return (
    <Field label={props.label} labelId={labelId}>
      <RichTextEditor value={value ?? ''} onChange={() => undefined} disabled ariaLabelledBy={labelId} height={props.height} />
    </Field>
  );
}

/** The rich texts with a defaults toggle: the form's flag, its text and the kind of account default it copies. */
const DEFAULTED_TEXTS = {
  notes: { flag: 'isDefaultNotesToClientsPostBooking', name: 'notesToClientsPostBooking' },
  terms: { flag: 'isDefaultTermsAndConditions', name: 'termsAndConditions' },
  faq: { flag: 'isDefaultFaq', name: 'faq' },
} as const;

/** A defaults toggle over its rich text; turning defaults on copies the account's content into the text. */
export function DefaultedTextBlock(props: { kind: keyof typeof DEFAULTED_TEXTS; defaults: AccountDefaults; label: string; testId: string; height?: number }) {
  const { flag, name } = DEFAULTED_TEXTS[props.kind];
  const { control, setValue } = useFormContext<TourForm>();
  const isDefault = useWatch({ control, name: flag });
  const available = hasDefault(props.defaults, props.kind);
  return (
    <div className="tour-defaulted">
      <DefaultToggle
        testId={props.testId}
        checked={isDefault}
        available={available}
        onChange={(on) => {
          setValue(flag, on, { shouldDirty: true });
          if (on) setValue(name, props.defaults[name], { shouldDirty: true });
        }}
      />
      <DefaultedRichText name={name} label={props.label} height={props.height} usingDefaults={isDefault && available} />
    </div>
  );
}
