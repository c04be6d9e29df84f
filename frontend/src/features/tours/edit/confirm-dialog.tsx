import { useEffect, useRef } from 'react';
import { Button } from '../../../ui/common/button';

/** A small modal confirmation (delete, restore, leave with unsaved changes); Escape or the cancel button says no. */
export function ConfirmDialog(props: { title: string; message: string; confirmLabel: string; cancelLabel: string; danger?: boolean; onConfirm: () => void; onCancel: () => void; testId?: string }) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => cancelRef.current?.focus(), []);
  return (
    <div className="tour-dialog-backdrop">
      <div
        className="tour-dialog card"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="tour-dialog-title"
        aria-describedby="tour-dialog-text"
        data-testid={props.testId ?? 'tour-confirm'}
        onKeyDown={(e) => {
          if (e.key === 'Escape') props.onCancel();
        }}
      >
        <h2 className="tour-dialog__title" id="tour-dialog-title">
          {props.title}
        </h2>
        <p id="tour-dialog-text">{props.message}</p>
        <div className="tour-dialog__actions">
          <Button label={props.confirmLabel} variant={props.danger ? 'danger' : 'primary'} onClick={props.onConfirm} data-testid="tour-confirm-yes" />
          <Button ref={cancelRef} label={props.cancelLabel} onClick={props.onCancel} data-testid="tour-confirm-no" />
        </div>
      </div>
    </div>
  );
}
