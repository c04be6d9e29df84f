import { useEffect, useId, useState } from 'react';
import { DateInput } from '../../ui/fields';
import { formatDate, isValidDisplayDate, toIsoDate } from '../../ui/format/date';

/** A DD.MM.YYYY field over an ISO date: the ISO value changes when the typed date is complete (or emptied). */
export function DateFilter({ label, iso, onIso, testId }: { label: string; iso: string; onIso(iso: string): void; testId: string }) {
  const id = useId();
  const [text, setText] = useState(formatDate(iso));
  useEffect(() => setText(formatDate(iso)), [iso]);
  return (
    <div className="reports__field">
      <label htmlFor={id}>{label}</label>
      <DateInput
        id={id}
        value={text}
        onChange={(v) => {
          setText(v);
          if (v === '') onIso('');
          else if (isValidDisplayDate(v)) onIso(toIsoDate(v));
        }}
        data-testid={testId}
      />
    </div>
  );
}
