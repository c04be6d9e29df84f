import { useId, type ReactNode } from 'react';
import { useController, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';
import { Autocomplete, type AutocompleteOption, type AutocompleteProps } from './autocomplete';
import { DateInput } from './date-input';
import { Field } from './field';
import { NumberInput, SelectInput, TextInput, TimeInput, Toggle, type SelectOption } from './inputs';
import { MultiSelect } from './multi-select';
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

function useFieldController<T extends FieldValues, N extends FieldPath<T>, TT>(props: FormFieldProps<T, N, TT>) {
  const { field, fieldState } = useController<T, N, TT>({ control: props.control, name: props.name, rules: props.rules, disabled: props.disabled });
  const id = useId();
  return { field, error: fieldState.error?.message, invalid: fieldState.invalid, id };
}

type Shell = { label?: ReactNode; required?: boolean; hint?: ReactNode; className?: string; aside?: ReactNode };
const shell = (p: Shell, id: string, error: string | undefined, labelId?: string) => ({
  label: p.label,
  required: p.required,
  hint: p.hint,
  className: p.className,
  aside: p.aside,
  error,
  htmlFor: labelId ? undefined : id,
  labelId,
});

export function TextField<T extends FieldValues, N extends FieldPath<T>, TT = T>(
  props: FormFieldProps<T, N, TT> & { placeholder?: string; type?: 'text' | 'email' | 'url' | 'tel' | 'password'; maxLength?: number; autoComplete?: string },
) {
  const { field, error, invalid, id } = useFieldController(props);
  return (
    <Field {...shell(props, id, error)}>
      <TextInput
        id={id}
        ref={field.ref}
        name={field.name}
        value={(field.value as string | null) ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={field.disabled}
        invalid={invalid}
        aria-required={props.required || undefined}
        placeholder={props.placeholder}
        type={props.type}
        maxLength={props.maxLength}
        autoComplete={props.autoComplete}
      />
    </Field>
  );
}

export function NumberField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT> & { min?: number; max?: number; decimals?: number; placeholder?: string; suffix?: string }) {
  const { field, error, invalid, id } = useFieldController(props);
  return (
    <Field {...shell(props, id, error)}>
      <span className="tbo-suffixed">
        <NumberInput
          id={id}
          ref={field.ref}
          name={field.name}
          value={(field.value as number | null | undefined) ?? null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={field.disabled}
          invalid={invalid}
          aria-required={props.required || undefined}
          min={props.min}
          max={props.max}
          decimals={props.decimals}
          placeholder={props.placeholder}
        />
        {props.suffix && <span className="tbo-suffixed__suffix">{props.suffix}</span>}
      </span>
    </Field>
  );
}

export function TimeField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT>) {
  const { field, error, invalid, id } = useFieldController(props);
  return (
    <Field {...shell(props, id, error)}>
      <TimeInput id={id} ref={field.ref} name={field.name} value={(field.value as string | null) ?? ''} onChange={field.onChange} onBlur={field.onBlur} disabled={field.disabled} invalid={invalid} aria-required={props.required || undefined} />
    </Field>
  );
}

export function DateField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT>) {
  const { field, error, invalid, id } = useFieldController(props);
  return (
    <Field {...shell(props, id, error)}>
      <DateInput id={id} ref={field.ref} name={field.name} value={(field.value as string | null) ?? ''} onChange={field.onChange} onBlur={field.onBlur} disabled={field.disabled} invalid={invalid} aria-required={props.required || undefined} />
    </Field>
  );
}

export function SelectField<T extends FieldValues, N extends FieldPath<T>, V extends string | number, TT = T>(props: FormFieldProps<T, N, TT> & { options: SelectOption<V>[]; placeholder?: string }) {
  const { field, error, invalid, id } = useFieldController(props);
  return (
    <Field {...shell(props, id, error)}>
      <SelectInput<V>
        id={id}
        ref={field.ref}
        name={field.name}
        options={props.options}
        value={field.value as V | null}
        onChange={field.onChange}
        onBlur={field.onBlur}
        disabled={field.disabled}
        invalid={invalid}
        aria-required={props.required || undefined}
        placeholder={props.placeholder}
      />
    </Field>
  );
}

export function MultiSelectField<T extends FieldValues, N extends FieldPath<T>, V extends string | number, TT = T>(props: FormFieldProps<T, N, TT> & { options: SelectOption<V>[]; placeholder?: string }) {
  const { field, error, invalid, id } = useFieldController(props);
  const labelId = `${id}-label`;
  return (
    <Field {...shell(props, id, error, labelId)}>
      <MultiSelect<V> id={id} options={props.options} value={(field.value as V[] | null) ?? []} onChange={field.onChange} onBlur={field.onBlur} disabled={field.disabled} invalid={invalid} ariaLabelledBy={labelId} placeholder={props.placeholder} />
    </Field>
  );
}

export function ToggleField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT> & { text?: string }) {
  const { field, error, id } = useFieldController(props);
  const labelId = `${id}-label`;
  return (
    <Field {...shell(props, id, error, labelId)}>
      <Toggle id={id} ref={field.ref} checked={!!field.value} onChange={field.onChange} onBlur={field.onBlur} disabled={field.disabled} labelledBy={labelId} label={props.text} />
    </Field>
  );
}

export function RichTextField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT> & { placeholder?: string; height?: number }) {
  const { field, error, invalid, id } = useFieldController(props);
  const labelId = `${id}-label`;
  return (
    <Field {...shell(props, id, error, labelId)}>
      <RichTextEditor id={id} value={(field.value as string | null) ?? ''} onChange={field.onChange} onBlur={field.onBlur} disabled={field.disabled} invalid={invalid} ariaLabelledBy={labelId} placeholder={props.placeholder} height={props.height} />
    </Field>
  );
}

export function AutocompleteField<T extends FieldValues, N extends FieldPath<T>, TT = T>(props: FormFieldProps<T, N, TT> & Omit<AutocompleteProps, 'value' | 'onChange' | 'id' | 'invalid' | 'onBlur' | 'disabled' | 'ariaLabelledBy'>) {
  const { field, error, invalid, id } = useFieldController(props);
  const labelId = `${id}-label`;
  const { control: _c, name: _n, rules: _r, disabled: _d, label: _l, required: _q, hint: _h, className: _cl, aside: _a, ...rest } = props;
  return (
    <Field {...shell(props, id, error, labelId)}>
      <Autocomplete {...rest} id={id} value={(field.value as AutocompleteOption | null) ?? null} onChange={field.onChange} onBlur={field.onBlur} disabled={field.disabled} invalid={invalid} ariaLabelledBy={labelId} />
    </Field>
  );
}
