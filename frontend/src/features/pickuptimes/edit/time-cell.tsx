import { useId } from 'react';
import { useController, type Control } from 'react-hook-form';
import { TimeInput } from '../../../ui/fields';
import type { PickUpTimeForm } from './pickup-time-form';

export type TimeList = 'regions' | 'hotels';

interface TimeCellProps {
  control: Control<PickUpTimeForm>;
  list: TimeList;
  index: number;
  edge: 'start' | 'end';
  /** The input's accessible name ('Start time, Deira'). */
  label: string;
}

/** One HH:MM input of a row, bound to the form, with its message under it. */
export function TimeCell({ control, list, index, edge, label }: TimeCellProps) {
  const { field, fieldState } = useController({ control, name: `${list}.${index}.${edge}` });
  const messageId = useId();
  const error = fieldState.error?.message;
  return (
    <div className="pickup-time-cell">
      <TimeInput
        ref={field.ref}
        name={field.name}
        size="sm"
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
        invalid={!!error}
        aria-label={label}
        aria-describedby={error ? messageId : undefined}
        data-testid={`${list}-${edge}`}
      />
      {error && (
        <div className="pickup-time-cell__error" id={messageId}>
          {error}
        </div>
      )}
    </div>
  );
}
