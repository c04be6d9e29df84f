import { useId, useMemo } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Field, SelectInput, type SelectOption } from '../../../ui/fields';
import type { SlotForm } from './slot-form';

type RefField = 'externalProductId' | 'externalProductMappingValue' | 'externalId' | 'externalPerChildProductId' | 'externalPerChildProductMappingValue' | 'externalPerChildId';

/**
 * A select of one of the provider's lists (products, a product's options, its start times) bound to the form, that
 * tells the editor what was picked. A saved value the list does not have (yet: it is still loading, or the
 * provider cannot be reached; or any more) stays choosable under `savedLabel`: never the provider's raw id for a
 * product or an option (saved-choice.ts); a start time's id is its 'HH:MM', which its caller passes as it is.
 */
export function ExternalSelect(props: {
  control: Control<SlotForm>;
  name: RefField;
  label: string;
  options: SelectOption<string>[];
  placeholder: string;
  /** A message of the list itself (e.g. the product has no time slots), shown as the field's error. */
  problem?: string;
  /** What to call a saved value the list does not have. */
  savedLabel: string;
  testId: string;
  onPicked?: (value: string | null) => void;
}) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const id = useId();
  const value = field.value ?? null;
  const options = useMemo(() => {
    if (!value || props.options.some((o) => o.value === value)) return props.options;
    return [{ value, label: props.savedLabel }, ...props.options];
  }, [props.options, props.savedLabel, value]);
  return (
    <Field label={props.label} htmlFor={id} error={fieldState.error?.message ?? props.problem}>
      <SelectInput<string>
        id={id}
        ref={field.ref}
        name={field.name}
        options={options}
        value={value}
        placeholder={props.placeholder}
        invalid={fieldState.invalid || !!props.problem}
        data-testid={props.testId}
        onBlur={field.onBlur}
        onChange={(next) => {
          field.onChange(next);
          props.onPicked?.(next);
        }}
      />
    </Field>
  );
}

