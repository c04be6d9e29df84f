import i18n from '../../i18n/i18n';
import { decrementLoading, incrementLoading } from '../loading/loading';
import { ApiError, fileNameFromContentDisposition, networkFailureText, saveBlob, serverMessage } from '../../lib/api-client';
import { getToken } from '../../lib/auth-token';
import { documentRefusal, type DocumentEnvelope } from './document-refusal';

/**
 * GET a booking's document (the invoice, a voucher; spec 02 §7: a blob plus the file name from the answer's
 * header) and save it. A refusal (the JSON envelope, e.g. the documents are not ready) is thrown as an ApiError
 * with the envelope's ErrorTitle and ErrorMessage in the user's language where known (the api client's table), for
 * the page to show; without them, in our own words. A network failure says so, not the browser's 'Failed to fetch'.
 */
export async function downloadBookingDocument(path: string, fallbackName: string): Promise<void> {
  const token = getToken();
  const headers = new Headers({ Accept: 'application/pdf, application/json', 'Accept-Language': i18n.language });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  incrementLoading();
  try {
    let res: Response;
    try {
      res = await fetch(path, { method: 'GET', headers, credentials: 'same-origin' });
    } catch (err) {
      throw new ApiError(0, i18n.t('shell:errors.network'), networkFailureText(err));
    }
    const type = res.headers.get('content-type') ?? '';
    if (!res.ok || type.includes('application/json') || type.includes('text/html')) {
      const body = (type.includes('application/json') ? await res.json().catch(() => null) : null) as DocumentEnvelope | null;
      const refusal = documentRefusal(res, body, (key, options) => i18n.t(key, options ?? {}), serverMessage);
      throw new ApiError(refusal.code, refusal.title, refusal.message);
    }
    const blob = await res.blob();
    saveBlob(blob, fileNameFromContentDisposition(res.headers.get('content-disposition')) || fallbackName);
  } finally {
    decrementLoading();
  }
}
