import { useId } from 'react';
import { IsoDateInput } from '../../ui/fields';

/** A DD.MM.YYYY field over an ISO date: the ISO value changes when the typed date is complete (or emptied). */
export function DateFilter({ label, iso, onIso, testId }: { label: string; iso: string; onIso(iso: string): void; testId: string }) {
  const id = useId();
  return (
    <div className="reports__field">
      <label htmlFor={id}>{label}</label>
      <IsoDateInput id={id} iso={iso} onIso={onIso} data-testid={testId} />
    </div>
  );
}
