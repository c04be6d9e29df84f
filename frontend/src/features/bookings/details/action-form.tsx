import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/common/button';
import type { BookingView } from './api/booking-view.schema';

/** What the panel gives a form that changes the booking (amend, reschedule): the booking, the server's field messages, submit and back. */
export interface BookingChangeFormProps<I> {
  view: BookingView;
  busy: boolean;
  /** The server's field messages, by the input's field names. */
  fieldErrors: Record<string, string>;
  onSubmit: (input: I) => void;
  onBack: () => void;
}

interface ActionFormProps {
  titleId: string;
  title: string;
  submitLabel: string;
  /** The red button (decline, cancel). */
  danger?: boolean;
  busy: boolean;
  /** False when the form found its own fields wrong (nothing sent): the first field marked invalid gets the focus. */
  onSubmit: () => boolean | void;
  onBack: () => void;
  testId: string;
  children: ReactNode;
}

/**
 * One action's form inside the panel (it takes the details' place): its first field gets the focus, Enter in a
 * one-line field submits, Back (or Escape, through the panel) returns to the details. A submit the form refuses
 * (a required field left empty) moves the focus to the first invalid field, where a screen reader reads its message
 * (aria-describedby), as the tour editor and the contract dialogs do through react-hook-form.
 */
export function ActionForm({ titleId, title, submitLabel, danger, busy, onSubmit, onBack, testId, children }: ActionFormProps) {
  const { t } = useTranslation('booking-details');
  const ref = useRef<HTMLFormElement>(null);
  useEffect(() => {
    ref.current?.querySelector<HTMLElement>('input, textarea, select')?.focus();
  }, []);
  // Counts refused submits: after the render that marks the fields invalid, the first of them takes the focus.
  const [refused, setRefused] = useState(0);
  useEffect(() => {
    if (refused) ref.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refused]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && onSubmit() === false) setRefused((n) => n + 1);
  };
  return (
    <form ref={ref} className="booking-panel__form" aria-labelledby={titleId} onSubmit={submit} noValidate data-testid={testId}>
      <h3 className="booking-panel__section-title" id={titleId}>
        {title}
      </h3>
      {children}
      <div className="booking-panel__form-actions">
        <Button type="submit" variant={danger ? 'danger' : 'primary'} label={submitLabel} busy={busy} data-testid={`${testId}-submit`} />
        <Button label={t('form.back')} onClick={onBack} disabled={busy} data-testid={`${testId}-back`} />
      </div>
    </form>
  );
}
