import { notify } from '../notifications/notifications';
import type { z } from 'zod';
import { ApiError, apiCall, apiRequest } from '../../lib/api-client';

/**
 * Whether a failed read of one tour or offer means "there is no such item here" (spec 01 §8): a 404, and a 400,
 * which the API answers for an id it cannot read (above 2^31-1): no item has that id either.
 */
export const isItemNotFound = (err: unknown, alsoCodes: readonly number[] = []): boolean =>
  err instanceof ApiError && (err.code === 404 || err.code === 400 || alsoCodes.includes(err.code));

const isAborted = (err: ApiError) => err.code === 0 && err.title === 'Aborted';

/**
 * GET of the one item an edit page shows. A not-found answer is told as the item's 'Not found' message (not the
 * API's bad-request text for an unreadable id) and the page then leaves; any other failure is notified as the
 * shared call would. The error is thrown either way.
 */
export function readItem<T>(path: string, notFound: NotFoundTexts, signal?: AbortSignal): Promise<T> {
  return told(() => apiRequest<T>('GET', path, undefined, { signal, silent: true }), notFound);
}

/** readItem with the answer checked against its zod schema (an answer of another shape is notified and thrown). */
export function readParsedItem<S extends z.ZodType>(schema: S, path: string, notFound: NotFoundTexts, signal?: AbortSignal): Promise<z.output<S>> {
  return told(() => apiCall(schema, 'GET', path, undefined, { signal, silent: true }), notFound);
}

interface NotFoundTexts {
  title: string;
  message: string;
  codes?: readonly number[];
}

async function told<T>(call: () => Promise<T>, notFound: NotFoundTexts): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (err instanceof ApiError && err.code !== 401 && !isAborted(err)) {
      if (isItemNotFound(err, notFound.codes)) notify({ title: notFound.title, message: notFound.message, kind: 'error' });
      else notify({ title: err.title, message: err.message, kind: 'error' });
    }
    throw err;
  }
}
