import './ui.css';
import { useId } from 'react';
import { Button, type ButtonProps } from './button';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  title: string;
  message: string;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** The confirm button is red (delete, leave without saving). */
  danger?: boolean;
  /** The look of the cancel button ('primary' when staying is the safe default that should stand out). */
  cancelVariant?: ButtonProps['variant'];
  testId: string;
  confirmTestId: string;
  cancelTestId: string;
}

/**
 * A small modal confirmation (delete, restore, leave with unsaved changes, issue a statement) in the shared Modal:
 * Tab stays on its buttons, Escape cancels, and the focus goes back where it was on close. The cancel button has
 * the focus first, so Enter never confirms by accident.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const id = useId();
  return (
    <Modal
      alert
      labelledBy={`${id}-title`}
      describedBy={`${id}-text`}
      onClose={props.onCancel}
      className="tbo-dialog card"
      backdropClassName="tbo-dialog-backdrop"
      testId={props.testId}
      initialFocus={`[data-testid="${props.cancelTestId}"]`}
    >
      <h2 className="tbo-dialog__title" id={`${id}-title`}>
        {props.title}
      </h2>
      <p id={`${id}-text`}>{props.message}</p>
      <div className="tbo-dialog__actions">
        <Button label={props.confirmLabel} variant={props.danger ? 'danger' : 'primary'} onClick={props.onConfirm} data-testid={props.confirmTestId} />
        <Button label={props.cancelLabel} variant={props.cancelVariant ?? 'default'} onClick={props.onCancel} data-testid={props.cancelTestId} />
      </div>
    </Modal>
  );
}
