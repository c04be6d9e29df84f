import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../app/forms/field';
import { Button } from '../../../ui/common/button';
import { Modal } from '../../../ui/common/modal';
import type { ContractFormFrame } from './use-contract-form';

interface ContractDialogProps {
  /** The dialog's texts in the contracts namespace: its title, Save and Saving… labels are `title`, `save`, `saving` below it. */
  texts: string;
  /** Values the title names (the agency). */
  titleValues?: Record<string, string>;
  testId: string;
  form: ContractFormFrame;
  onClose: () => void;
  /** Save stays off (nothing to choose from). */
  canSave?: boolean;
  initialFocus?: string;
  /**
   * Nothing is left to do but leave (the field that had the focus went away): Cancel takes the focus, which would
   * otherwise drop to the page behind.
   */
  focusCancel?: boolean;
  children: ReactNode;
}

/** The frame of every contracting dialog: a title, the summary of refused messages, the fields, Save and Cancel. */
export function ContractDialog({ texts, titleValues = {}, testId, form, onClose, canSave = true, initialFocus, focusCancel = false, children }: ContractDialogProps) {
  const { t } = useTranslation('contracts');
  const { submit: onSubmit, busy, summary } = form;
  const id = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (focusCancel && !cancel.current?.form?.contains(document.activeElement)) cancel.current?.focus();
  }, [focusCancel]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && canSave) onSubmit();
  };
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="tbo-dialog card contract-dialog" backdropClassName="tbo-dialog-backdrop" testId={testId} initialFocus={initialFocus}>
      <form onSubmit={submit} noValidate className="contract-dialog__form">
        <h2 className="tbo-dialog__title" id={`${id}-title`}>
          {t(`${texts}.title`, titleValues)}
        </h2>
        {summary.length > 0 && (
          <FormMessage kind="error" testId={`${testId}-error`}>
            {summary.join(' ')}
          </FormMessage>
        )}
        {children}
        <div className="tbo-dialog__actions">
          <Button type="submit" variant="primary" label={busy ? t(`${texts}.saving`) : t(`${texts}.save`)} busy={busy} disabled={!canSave} data-testid={`${testId}-save`} />
          <Button ref={cancel} label={t('addDialog.cancel')} onClick={onClose} data-testid={`${testId}-cancel`} />
        </div>
      </form>
    </Modal>
  );
}
