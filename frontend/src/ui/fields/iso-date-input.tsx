import { forwardRef, useEffect, useState } from 'react';
import { formatDate, isValidDisplayDate, toIsoDate } from '../format/date';
import { DateInput, type DateInputProps } from './date-input';

export interface IsoDateInputProps extends Omit<DateInputProps, 'value' | 'onChange'> {
  /** The date as the API has it, YYYY-MM-DD, or '' for none. */
  iso: string;
  /** Hears the ISO date once the typed one is complete and real, or '' when the field is emptied. */
  onIso(iso: string): void;
}

/**
 * A DD.MM.YYYY date field (typed or picked) over an ISO date, where a native date input would show the browser's
 * own format (MM/DD/YYYY in an American Chromium) instead of the interface's.
 */
export const IsoDateInput = forwardRef<HTMLInputElement, IsoDateInputProps>(function IsoDateInput({ iso, onIso, ...rest }, ref) {
  const [text, setText] = useState(formatDate(iso));
  useEffect(() => setText(formatDate(iso)), [iso]);
  return (
    <DateInput
      ref={ref}
      value={text}
      onChange={(v) => {
        setText(v);
        if (v === '') onIso('');
        else if (isValidDisplayDate(v)) onIso(toIsoDate(v));
      }}
      {...rest}
    />
  );
});
