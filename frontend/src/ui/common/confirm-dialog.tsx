import './ui.css';
import { useEffect, useId, useRef } from 'react';
import { Button, type ButtonProps } from './button';

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
 * A small modal confirmation (delete, restore, leave with unsaved changes). The cancel button has the focus, so
 * Enter never confirms by accident; Escape cancels.
 */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className="tbo-dialog-backdrop">
      <div
        className="tbo-dialog card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-text`}
        data-testid={props.testId}
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onCancel();
        }}
      >
        <h2 className="tbo-dialog__title" id={`${id}-title`}>
          {props.title}
        </h2>
        <p id={`${id}-text`}>{props.message}</p>
        <div className="tbo-dialog__actions">
          <Button label={props.confirmLabel} variant={props.danger ? 'danger' : 'primary'} onClick={props.onConfirm} data-testid={props.confirmTestId} />
          <Button ref={cancelRef} label={props.cancelLabel} variant={props.cancelVariant ?? 'default'} onClick={props.onCancel} data-testid={props.cancelTestId} />
        </div>
      </div>
    </div>
  );
}
