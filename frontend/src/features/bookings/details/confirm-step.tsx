import type { KeyboardEvent } from 'react';
import { ConfirmDialog, type ConfirmDialogProps } from '../../../ui/common/confirm-dialog';

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The shared confirmation, asked over the open panel. Its Escape answers 'no' and must not also close the panel
 * (the panel listens on the window), and Tab stays on its two buttons rather than wandering into the panel behind.
 */
export function ConfirmStep(props: ConfirmDialogProps) {
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.preventDefault();
      return;
    }
    if (e.key !== 'Tab') return;
    const items = Array.from(e.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE));
    if (items.length === 0) return;
    e.preventDefault();
    e.stopPropagation();
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next = e.shiftKey ? (at <= 0 ? items.length - 1 : at - 1) : (at + 1) % items.length;
    items[next]?.focus();
  };
  return (
    <div onKeyDown={onKeyDown}>
      <ConfirmDialog {...props} />
    </div>
  );
}
