import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FormMessage } from '../../../app/forms/field';
import { Button } from '../../../ui/common/button';
import { Modal } from '../../../ui/common/modal';

interface ContractDialogProps {
  title: string;
  testId: string;
  onSubmit: () => void;
  onClose: () => void;
  busy: boolean;
  saveLabel: string;
  busyLabel: string;
  /** Messages no field takes. */
  summary: string[];
  /** Save stays off (nothing to choose from). */
  canSave?: boolean;
  initialFocus?: string;
  children: ReactNode;
}

/** The frame of every contracting dialog: a title, the summary of refused messages, the fields, Save and Cancel. */
export function ContractDialog({ title, testId, onSubmit, onClose, busy, saveLabel, busyLabel, summary, canSave = true, initialFocus, children }: ContractDialogProps) {
  const { t } = useTranslation('contracts');
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!busy && canSave) onSubmit();
  };
  return (
    <Modal labelledBy={`${id}-title`} onClose={onClose} className="tbo-dialog card contract-dialog" backdropClassName="tbo-dialog-backdrop" testId={testId} initialFocus={initialFocus}>
      <form onSubmit={submit} noValidate className="contract-dialog__form">
        <h2 className="tbo-dialog__title" id={`${id}-title`}>
          {title}
        </h2>
        {summary.length > 0 && (
          <FormMessage kind="error" testId={`${testId}-error`}>
            {summary.join(' ')}
          </FormMessage>
        )}
        {children}
        <div className="tbo-dialog__actions">
          <Button type="submit" variant="primary" label={busy ? busyLabel : saveLabel} busy={busy} disabled={!canSave} data-testid={`${testId}-save`} />
          <Button label={t('addDialog.cancel')} onClick={onClose} data-testid={`${testId}-cancel`} />
        </div>
      </form>
    </Modal>
  );
}
