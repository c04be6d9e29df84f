import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormContext, useWatch } from 'react-hook-form';
import { Field, RichTextEditor, RichTextField, Toggle } from '../../../ui/fields';
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
