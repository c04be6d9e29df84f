import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { TFunction } from 'i18next';
import { placeServerErrors } from '../../../app/forms/server-errors';
import { serverMessageKey } from './contract-form';

/**
 * A refused save of a contracting dialog: the API's field messages on their fields and the rest as the dialog's
 * summary, each said in the user's language when the tab knows it. Answers the summary and the first field hit.
 */
export function placeContractErrors<F extends FieldValues>(err: unknown, pathOf: (key: string) => string | null, setError: UseFormSetError<F>, t: TFunction<'contracts'>) {
  const say = (message: string) => {
    const key = serverMessageKey(message);
    return key ? t(key as 'errors.commission') : message;
  };
  const localized: UseFormSetError<F> = (name, error, options) => setError(name, { ...error, message: error.message ? say(error.message) : error.message }, options);
  const { first, general } = placeServerErrors(err, pathOf, localized);
  // The overall message repeats the first field message: leave it out when a field shows it already.
  const summary = (first ? general.slice(1) : general).map(say);
  return { first: first as FieldPath<F> | null, summary };
}
