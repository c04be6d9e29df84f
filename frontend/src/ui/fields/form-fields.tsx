import { useId, type ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { Autocomplete, type AutocompleteOption, type AutocompleteProps } from './autocomplete';
import { DateInput } from './date-input';
import { Field } from './field';
import { SelectInput, TextInput, TimeInput, Toggle, type SelectOption } from './inputs';
import { MultiSelect } from './multi-select';
import { NumberBox } from './number-box';
import { RichTextEditor } from './rich-text-editor';

/**
 * Form fields bound to react-hook-form: each takes `control` and `name` (plus `rules` if the form has no
 * schema), shows its label with an asterisk when `required`, and its error message from the form state.
 */
export type FormFieldProps<T extends FieldValues, N extends FieldPath<T>, TT = T> = Pick<UseControllerProps<T, N, TT>, 'control' | 'name' | 'rules' | 'disabled'> & {
  label?: ReactNode;
  required?: boolean;
  hint?: ReactNode;
  className?: string;
  /** Right end of the label row. */
  aside?: ReactNode;
};

/**
 * The controller plus the props every bound field repeats: `field` for the <Field> wrapper, `events` for any control,
 * and `input` for controls that are a native input (ref, name, invalid state, aria-required). Controls named by
 * their label element (`labelled`) get `labelId` instead of the label's htmlFor.
 */
function useBoundField<T extends FieldValues, N extends FieldPath<T>, TT>(props: FormFieldProps<T, N, TT>, labelled = false) {
  const { field, fieldState } = useController<T, N, TT>({ control: props.control, name: props.name, rules: props.rules, disabled: props.disabled });
  const id = useId();
  const labelId = labelled ? `${id}-label` : undefined;
  const p = props;
  const error = fieldState.error?.message;
  // The error or hint describes the control itself (read when it gets the focus), wrapped or not.
  const messageId = `${id}-message`;
  const describedBy = error || p.hint ? messageId : undefined;
  const events = { id, onChange: field.onChange, onBlur: field.onBlur, disabled: field.disabled, 'aria-describedby': describedBy };
  return {
    value: field.value as unknown,
    ref: field.ref,
    invalid: fieldState.invalid,
    labelId,
    field: { label: p.label, required: p.required, hint: p.hint, className: p.className, aside: p.aside, error, htmlFor: labelId ? undefined : id, labelId, messageId },
    events,
    input: { ...events, ref: field.ref, name: field.name, invalid: fieldState.invalid, 'aria-required': props.required || undefined },
  };
}

export function TextField<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: FormFieldProps<T, N, TT> & { placeholder?: string; type?: 'text' | 'email' | 'url' | 'tel' | 'password'; maxLength?: number; autoComplete?: string },
) {
  const b = useBoundField(props);
  return (
    <Field {...b.field}>
      <TextInput {...b.input} value={(b.value as string | null) ?? ''} placeholder={props.placeholder} type={props.type} maxLength={props.maxLength} autoComplete={props.autoComplete} />
    </Field>
  );
}

export function NumberField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT> & { min?: number; max?: number; decimals?: number; placeholder?: string; suffix?: string }) {
  const b = useBoundField(props);
  return (
    <Field {...b.field}>
      <NumberBox {...b.input} value={(b.value as number | null | undefined) ?? null} min={props.min} max={props.max} decimals={props.decimals} placeholder={props.placeholder} suffix={props.suffix} noticeTestId={`${props.name}-notice`} />
    </Field>
  );
}

/** A field whose control takes the text as shown and nothing else (time, date). */
function MaskedField<T extends FieldValues, N extends FieldPath<T>, TT>({ Input, ...props }: FormFieldProps<T, N, TT> & { Input: typeof TimeInput | typeof DateInput }) {
  const b = useBoundField(props);
  return (
    <Field {...b.field}>
      <Input {...b.input} value={(b.value as string | null) ?? ''} />
    </Field>
  );
}

export function TimeField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT>) {
  return <MaskedField {...props} Input={TimeInput} />;
}

export function DateField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT>) {
  return <MaskedField {...props} Input={DateInput} />;
}

export function SelectField<T extends FieldValues, N extends FieldPath<T>, V extends string | number, TT = T>(props: FormFieldProps<T, N, TT> & { options: SelectOption<V>[]; placeholder?: string }) {
  const b = useBoundField(props);
  return (
    <Field {...b.field}>
      <SelectInput<V> {...b.input} options={props.options} value={b.value as V | null} placeholder={props.placeholder} />
    </Field>
  );
}

export function MultiSelectField<T extends FieldValues, N extends FieldPath<T>, V extends string | number, TT = T>(props: FormFieldProps<T, N, TT> & { options: SelectOption<V>[]; placeholder?: string }) {
  const b = useBoundField(props, true);
  return (
    <Field {...b.field}>
      <MultiSelect<V> {...b.events} options={props.options} value={(b.value as V[] | null) ?? []} invalid={b.invalid} ariaLabelledBy={b.labelId} placeholder={props.placeholder} />
    </Field>
  );
}

export function ToggleField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT> & { text?: string }) {
  const b = useBoundField(props, true);
  return (
    <Field {...b.field}>
      <Toggle {...b.events} ref={b.ref} checked={!!b.value} labelledBy={b.labelId} label={props.text} />
    </Field>
  );
}

export function RichTextField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT> & { placeholder?: string; height?: number }) {
  const b = useBoundField(props, true);
  return (
    <Field {...b.field}>
      <RichTextEditor {...b.events} value={(b.value as string | null) ?? ''} invalid={b.invalid} ariaLabelledBy={b.labelId} placeholder={props.placeholder} height={props.height} />
    </Field>
  );
}

export function AutocompleteField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT> & Omit<AutocompleteProps, 'value' | 'onChange' | 'id' | 'invalid' | 'onBlur' | 'disabled' | 'ariaLabelledBy'>) {
  const b = useBoundField(props, true);
  const { control: _c, name: _n, rules: _r, disabled: _d, label: _l, required: _q, hint: _h, className: _cl, aside: _a, ...rest } = props;
  return (
    <Field {...b.field}>
      <Autocomplete {...rest} {...b.events} value={(b.value as AutocompleteOption | null) ?? null} invalid={b.invalid} ariaLabelledBy={b.labelId} />
    </Field>
  );
}
