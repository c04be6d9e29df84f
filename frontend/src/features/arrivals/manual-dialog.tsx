import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from '../../ui/common/button';
import { Modal } from '../../ui/common/modal';
import { Field, IsoDateInput } from '../../ui/fields';
import { MANUAL_LIST_NAME } from '@tbo/arrivals/src/pure/manual-list.pure';
import { withoutFieldKeys } from '../../app/forms/server-errors';
import { addManualArrival, fetchContractedAgencies, fetchHotelReference, fetchLists, HOTEL_REFERENCE_KEY, type ImportAnswer } from './api/arrivals.api';
import { manualArrivalBody, manualFieldErrors, missingManualFields, REQUIRED_MANUAL_FIELDS, type ManualDraft, type RequiredManualField } from './manual-dialog.logic';

/**
 * One arrival entered by hand (isManuallyEntered); the same pax id in the same list changes it, in the fields filled
 * in only (the dialog says so). Pax Id and the tourist's name are marked required; a missing one is said under it
 * once left, and all of them on a Save. The agency (optional) is what lets the agency's agents find the guest.
 */
export function ManualArrivalDialog({ onClose, onSaved }: { onClose: () => void; onSaved: (a: ImportAnswer) => void }) {
  const { t } = useTranslation('arrivals');
  const id = useId();
  const lists = useQuery({ queryKey: ['arrivals', 'lists'], queryFn: fetchLists });
  const hotels = useQuery({ queryKey: HOTEL_REFERENCE_KEY, queryFn: fetchHotelReference, staleTime: 5 * 60_000 });
  const agencies = useQuery({ queryKey: ['arrivals', 'agencies'], queryFn: fetchContractedAgencies, staleTime: 60_000 });
  const [v, setV] = useState<ManualDraft>({ listId: 0, paxId: '', touristName: '', groupId: '', hotelId: '', agencyId: '', arrivalDate: '', arrivalTime: '', departureDate: '', departureTime: '', touristPhone: '', touristCountry: '', age: '', notes: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const [visited, setVisited] = useState<ReadonlySet<RequiredManualField>>(new Set());
  const [saveTried, setSaveTried] = useState(false);
  const fieldErrors = manualFieldErrors(v, visited, saveTried);
  const fieldId = (k: string) => `${id}-${k}`;
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((x) => ({ ...x, [k]: k === 'listId' ? Number(e.target.value) : e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const missing = missingManualFields(v);
    if (missing.length) {
      // Said under each field, not by the server one at a time; the first one gets the focus (and reads its message).
      setSaveTried(true);
      document.getElementById(fieldId(missing[0]!))?.focus();
      return;
    }
    setBusy(true);
    setError('');
    try {
      const answer = await addManualArrival(manualArrivalBody(v));
      onSaved(answer);
    } catch (err) {
      // The fields are named in words on the screen: 'departureDate: …' would show the API's key to the user.
      setError(withoutFieldKeys(err instanceof Error ? err.message : String(err), Object.keys(v)));
    } finally {
      setBusy(false);
    }
  };

  const text = (k: keyof typeof v, label: string, props: Record<string, unknown> = {}) => {
    const required = (REQUIRED_MANUAL_FIELDS as readonly string[]).includes(k);
    const message = fieldErrors[k as RequiredManualField];
    return (
      <Field label={label} required={required} error={message && t(message)} htmlFor={fieldId(k)} className="arrivals-field">
        <input
          id={fieldId(k)}
          className="tbo-input"
          value={String(v[k])}
          onChange={set(k)}
          aria-required={required || undefined}
          aria-invalid={message ? true : undefined}
          onBlur={required ? () => setVisited((s) => new Set(s).add(k as RequiredManualField)) : undefined}
          data-testid={`manual-${k}`}
          {...props}
        />
      </Field>
    );
  };
  const date = (k: 'arrivalDate' | 'departureDate', label: string) => (
    <Field label={label} htmlFor={fieldId(k)} className="arrivals-field">
      <IsoDateInput id={fieldId(k)} iso={v[k]} onIso={(iso) => setV((x) => ({ ...x, [k]: iso }))} data-testid={`manual-${k}`} />
    </Field>
  );
  /** A choice among the lists, the hotels or the agencies, with its 'none' first. */
  const choice = (k: 'listId' | 'hotelId' | 'agencyId', label: string, none: { value: number | string; label: string }, options: readonly { id: number; name: string }[] | undefined) => (
    <Field label={label} htmlFor={fieldId(k)} className="arrivals-field">
      <select id={fieldId(k)} className="tbo-select" value={v[k]} onChange={set(k)} data-testid={`manual-${k}`}>
        <option value={none.value}>{none.label}</option>
        {(options ?? []).map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </Field>
  );

  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="tbo-dialog card arrivals-dialog" backdropClassName="tbo-dialog-backdrop" testId="arrivals-manual-dialog">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <h2 className="tbo-dialog__title" id={`${id}-title`}>
          {t('manual.title')}
        </h2>
        <p className="arrivals-hint" data-testid="manual-existing-hint">
          {t('manual.existingHint')}
        </p>
        <div className="arrivals-grid">
          {choice('listId', t('import.list'), { value: 0, label: t('manual.manualList') }, lists.data?.filter((l) => l.name.toLowerCase() !== MANUAL_LIST_NAME.toLowerCase()))}
          {text('paxId', t('manual.paxId'), { maxLength: 100 })}
          {text('touristName', t('columns.touristName'), { maxLength: 200 })}
          {text('groupId', t('columns.groupId'), { inputMode: 'numeric' })}
          {choice('hotelId', t('columns.hotel'), { value: '', label: t('noHotel') }, hotels.data)}
          {choice('agencyId', t('columns.agency'), { value: '', label: t('manual.noAgency') }, agencies.data)}
          {date('arrivalDate', t('columns.arrivalDate'))}
          {text('arrivalTime', t('columns.arrivalTime'), { maxLength: 20 })}
          {date('departureDate', t('columns.departureDate'))}
          {text('departureTime', t('columns.departureTime'), { maxLength: 20 })}
          {text('touristPhone', t('columns.phone'), { maxLength: 200 })}
          {text('touristCountry', t('columns.country'), { maxLength: 100 })}
          {text('age', t('columns.age'), { inputMode: 'numeric', maxLength: 3 })}
          {text('notes', t('columns.guestNotes'), { maxLength: 2000 })}
        </div>
        {error && (
          <p className="arrivals-error" role="alert">
            {error}
          </p>
        )}
        <div className="tbo-dialog__actions">
          <Button label={t('cancel')} onClick={onClose} />
          <Button type="submit" variant="primary" label={t('manual.save')} busy={busy} data-testid="manual-save" />
        </div>
      </form>
    </Modal>
  );
}
