import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../lib/api-client';
import { placeServerErrors } from './server-errors';

interface SaveErrorTargets<F extends FieldValues> {
  /** A 409: someone else saved first; the page offers to reload. */
  onConflict: () => void;
  pathOf: (serverKey: string) => string | null;
  setError: UseFormSetError<F>;
  setGeneralErrors: (messages: string[]) => void;
  /** Brings the first field with a server message into view (its tab, or its focus). */
  showField: (path: FieldPath<F>) => void;
}

/** A refused save on an edit page: the conflict notice, or the messages on their fields and the rest in the summary. */
export function showSaveError<F extends FieldValues>(err: unknown, to: SaveErrorTargets<F>): void {
  if (err instanceof ApiError && err.code === 409) {
    to.onConflict();
    return;
  }
  const { first, general } = placeServerErrors(err, to.pathOf, to.setError);
  to.setGeneralErrors(general);
  if (first) to.showField(first);
}
