import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { notify } from '../notifications/notifications';
import { ApiError } from '../../lib/api-client';
import { placeServerErrors, serverFieldErrors } from './server-errors';

interface SaveErrorTargets<F extends FieldValues> {
  /** A 409: someone else saved first; the page offers to reload. */
  onConflict: () => void;
  pathOf: (serverKey: string) => string | null;
  setError: UseFormSetError<F>;
  setGeneralErrors: (messages: string[]) => void;
  /** Brings the first field with a server message into view (its tab, or its focus). */
  showField: (path: FieldPath<F>) => void;
}

/**
 * The error notification a silent save still owes (spec 01 §8: any failed call adds one, titled with the error title
 * or the status code, the body the error message), shaped as the API client's non-silent path shapes it. Not for
 * a 409 stale version (the page's own conflict notice says it), a 401 (the client has signed the user out with
 * 'Unauthorized', which the sign-in page shows), an aborted call, or an error that is not a failed call.
 */
export function notifySaveFailure(err: unknown): void {
  if (!(err instanceof ApiError)) return;
  if (err.code === 409 || err.code === 401) return;
  if (err.code === 0 && err.title === 'Aborted') return;
  notify({ title: err.title, message: err.message, kind: 'error' });
}

/**
 * A refused save on an edit page: the conflict notice, or the error notification (spec 01 §8) with the messages on
 * their fields and the rest in the summary.
 */
export function showSaveError<F extends FieldValues>(err: unknown, to: SaveErrorTargets<F>): void {
  if (err instanceof ApiError && err.code === 409) {
    to.onConflict();
    return;
  }
  notifySaveFailure(err);
  const { first, general } = placeServerErrors(err, to.pathOf, to.setError);
  to.setGeneralErrors(general);
  if (first) to.showField(first);
}

/**
 * A refusal as a small form says it in one place: its field messages without the fields' keys (the API's
 * 'phoneNumbers.0: …' means nothing to the user, and the form's fields are few), else its message.
 */
export function refusalText(err: unknown): string {
  if (!(err instanceof ApiError)) return err instanceof Error ? err.message : String(err);
  return asSentences(Object.values(serverFieldErrors(err.content)).flat()) || err.message;
}

/**
 * Several messages in one line, each a sentence: the API's messages have no full stop ('Full name is required'), so
 * joined by a space they would run into one another.
 */
export function asSentences(messages: readonly string[]): string {
  return messages
    .map((m) => m.trim())
    .filter(Boolean)
    .map((m) => (/[.!?…]$/.test(m) ? m : `${m}.`))
    .join(' ');
}
