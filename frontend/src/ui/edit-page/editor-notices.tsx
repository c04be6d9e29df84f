import type { KeyboardEventHandler } from 'react';
import { FormMessage } from '../../app/forms/field';
import { Button } from '../common/button';

/**
 * The page keys of an editor: Ctrl+S (⌘S) saves unless a save is under way. With blockEnter, Enter in a one-line
 * input does nothing: the forms save only on the button or Ctrl+S, never by accident.
 */
export function editorKeys(submit: () => void, saving: boolean, { blockEnter = false } = {}): KeyboardEventHandler<HTMLElement> {
  return (e) => {
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
      e.preventDefault();
      if (!saving) submit();
    } else if (blockEnter && e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
  };
}

export interface ConflictNoticeProps {
  className: string;
  testId: string;
  message: string;
  reloadLabel: string;
  onReload: () => void;
  reloadTestId: string;
}

/** Someone saved the item first (409): says so, with the button that loads their version. */
export function ConflictNotice({ className, testId, message, reloadLabel, onReload, reloadTestId }: ConflictNoticeProps) {
  return (
    <div className={className} role="alert" data-testid={testId}>
      <FormMessage kind="warning">{message}</FormMessage>
      <Button label={reloadLabel} onClick={onReload} data-testid={reloadTestId} />
    </div>
  );
}

/**
 * The save's own errors in one line above the form; when there are none but fields are invalid (their messages sit
 * under them), fieldsText says there are some.
 */
export function SaveErrors({ errors, fieldsInvalid = false, fieldsText, testId }: { errors: readonly string[]; fieldsInvalid?: boolean; fieldsText?: string; testId: string }) {
  if (errors.length === 0 && !(fieldsInvalid && fieldsText)) return null;
  return (
    <FormMessage kind="error" testId={testId}>
      {errors.length > 0 ? errors.join(' ') : fieldsText}
    </FormMessage>
  );
}
