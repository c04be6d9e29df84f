import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isCompleteTime, timeToMinutes } from '@tbo/scheduling/src/pure/time-of-day.pure';
import { Button } from '../../../ui/common/button';
import { Modal } from '../../../ui/common/modal';
import { Field, TimeInput } from '../../../ui/fields';
import { MASS_SET_DEFAULT } from './pickup-time-form';

interface MassSetDialogProps {
  /** How many rows it sets, and whether they are the selected ones (else every row shown). */
  count: number;
  selected: boolean;
  onApply: (start: string, end: string) => void;
  onCancel: () => void;
  testId: string;
}

/** Spec 02 §2, §9: one start and end time for many rows at once, 00:00 to begin with. */
export function MassSetDialog({ count, selected, onApply, onCancel, testId }: MassSetDialogProps) {
  const { t } = useTranslation('pickuptimes');
  const id = useId();
  const [start, setStart] = useState(MASS_SET_DEFAULT);
  const [end, setEnd] = useState(MASS_SET_DEFAULT);
  /** Messages show once Apply was tried (not while a time is half typed). */
  const [tried, setTried] = useState(false);
  const startProblem = isCompleteTime(start) ? undefined : t('errors.time');
  const endProblem = !isCompleteTime(end) ? t('errors.time') : !startProblem && timeToMinutes(start) > timeToMinutes(end) ? t('errors.startAfterEnd') : undefined;
  const startError = tried ? startProblem : undefined;
  const endError = tried ? endProblem : undefined;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!startProblem && !endProblem) onApply(start, end);
  };

  return (
    <Modal labelledBy={`${id}-title`} describedBy={`${id}-text`} onClose={onCancel} className="tbo-dialog card pickup-mass-set" backdropClassName="tbo-dialog-backdrop" testId={testId}>
      <form onSubmit={submit} noValidate className="pickup-mass-set__form">
        <h2 className="tbo-dialog__title" id={`${id}-title`}>
          {t('massSet.title')}
        </h2>
        <p id={`${id}-text`}>{selected ? t('massSet.selected', { count }) : t('massSet.all', { count })}</p>
        <div className="pickup-mass-set__times">
          <Field label={t('columns.start')} htmlFor={`${id}-start`} error={startError}>
            <TimeInput id={`${id}-start`} value={start} onChange={setStart} invalid={!!startError} data-testid="mass-set-start" />
          </Field>
          <Field label={t('columns.end')} htmlFor={`${id}-end`} error={endError}>
            <TimeInput id={`${id}-end`} value={end} onChange={setEnd} invalid={!!endError} data-testid="mass-set-end" />
          </Field>
        </div>
        <div className="tbo-dialog__actions">
          <Button type="submit" variant="primary" label={t('massSet.apply')} data-testid="mass-set-apply" />
          <Button label={t('massSet.cancel')} onClick={onCancel} data-testid="mass-set-cancel" />
        </div>
      </form>
    </Modal>
  );
}
