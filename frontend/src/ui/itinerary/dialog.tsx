import type { ReactNode } from 'react';
import { Modal } from '../common/modal';

/**
 * The itinerary popup: the shared modal in the itinerary's look. A click on the backdrop does nothing: an editing
 * popup is left with Save or Cancel.
 */
export function Dialog({
  labelledBy,
  onCancel,
  children,
  className,
  testId,
  initialFocus,
}: {
  labelledBy: string;
  onCancel: () => void;
  children: ReactNode;
  className?: string;
  testId?: string;
  initialFocus?: string;
}) {
  return (
    <Modal labelledBy={labelledBy} onClose={onCancel} className={`itin-dialog${className ? ` ${className}` : ''}`} backdropClassName="tbo-dialog-backdrop" testId={testId} initialFocus={initialFocus}>
      {children}
    </Modal>
  );
}
